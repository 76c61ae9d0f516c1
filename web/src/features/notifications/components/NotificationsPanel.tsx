import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_CONSTANTS,
  NOTIFICATION_MESSAGES,
  formatDayHeading,
  type Notification,
} from '@rafflewin/domain';
import { useEffect, useMemo, useState } from 'react';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/useNow';
import { useOnline } from '@/hooks/useOnline';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { deleteNotification } from '../api/deleteNotification';
import { markNotificationRead } from '../api/markNotificationRead';
import { useNotifications, type NotificationFilter } from '../api/useNotifications';
import { useUnreadCount } from '../api/useUnreadCount';
import { DeleteAllButton } from './DeleteAllButton';
import { EmailPreferences } from './EmailPreferences';
import { NotificationItem } from './NotificationItem';
import { PageHeader } from '@/components/PageTitle';

/**
 * Where a notification leads: its support conversation, the page it names (a draw's
 * verification page), or the notifications page.
 */
function linkOf(notification: Notification): string {
  if (notification.supportTicketId)
    return paths.account.supportTicket(notification.supportTicketId);
  return notification.link ?? paths.account.notifications;
}

/** Notifications in day groups (UK days, newest first), as they arrive. */
function byDay(notifications: Notification[]) {
  const groups: Array<{ day: string; items: Notification[] }> = [];
  for (const notification of notifications) {
    const day = formatDayHeading(notification.createdAt);
    const group = groups.at(-1);
    if (group?.day === day) group.items.push(notification);
    else groups.push({ day, items: [notification] });
  }
  return groups;
}

/**
 * /account/notifications: All and Unread tabs, the list grouped by day and live
 * (new ones appear as they arrive), mark one or all read, delete one or all, and the e-mail
 * preferences box.
 */
export function NotificationsPanel({ uid }: { uid: string }) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const list = useNotifications(uid, filter);
  const unread = useUnreadCount(uid);
  // A change the live list shows (one read or deleted on another device) may be further down
  // than the unread count listens: it counts again.
  const { recount } = unread;
  const shown = useMemo(
    () => list.items.map((item) => `${item.id}:${String(item.isRead)}`).join(','),
    [list.items],
  );
  useEffect(() => recount(), [shown, recount]);
  const online = useOnline();
  const now = useNow(60_000);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'markAll' | 'deleteAll' | null>(null);
  const groups = useMemo(() => byDay(list.items), [list.items]);

  const attempt = async (action: () => Promise<unknown>, fallback: string) => {
    setFailure(null);
    try {
      await action();
      unread.recount();
    } catch (error) {
      setFailure(toUserMessage(error, fallback));
    }
  };
  const bulk = (kind: 'markAll' | 'deleteAll') => {
    setBusy(kind);
    void attempt(
      () =>
        kind === 'markAll'
          ? call('markAllNotificationsRead', {})
          : call('deleteAllNotifications', {}),
      kind === 'markAll'
        ? NOTIFICATION_MESSAGES.markAllFailed
        : NOTIFICATION_MESSAGES.deleteAllFailed,
    ).finally(() => setBusy(null));
  };
  const markRead = (notification: Notification) => {
    if (!notification.isRead) {
      void attempt(
        () => markNotificationRead(uid, notification.id),
        NOTIFICATION_MESSAGES.markReadFailed,
      );
    }
  };

  const unreadCount = unread.count ?? 0;
  return (
    <Stack spacing={3}>
      <PageHeader title="Notifications" subtitle={NOTIFICATION_MESSAGES.subtitle}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Tooltip title="Refresh">
            <IconButton
              aria-label="Refresh notifications"
              onClick={() => {
                list.reset();
                unread.recount();
              }}
            >
              <Refresh />
            </IconButton>
          </Tooltip>
          {unreadCount > 0 && (
            <Button
              variant="outlined"
              startIcon={<MarkEmailRead />}
              disabled={busy !== null}
              onClick={() => bulk('markAll')}
            >
              {busy === 'markAll' ? 'Marking…' : 'Mark all as read'}
            </Button>
          )}
          {list.items.length > 0 && (
            <DeleteAllButton busy={busy === 'deleteAll'} onConfirm={() => bulk('deleteAll')} />
          )}
        </Stack>
      </PageHeader>

      {!online && <Alert severity="warning">{NOTIFICATION_MESSAGES.offline}</Alert>}
      {list.status === 'error' && (
        <Alert severity="error">{NOTIFICATION_MESSAGES.loadFailed}</Alert>
      )}
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      <Paper>
        <Tabs
          value={filter}
          onChange={(_, value: NotificationFilter) => setFilter(value)}
          aria-label="Show notifications"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          <Tab value="all" label="All" />
          <Tab value="unread" label={`Unread (${unreadCount})`} />
        </Tabs>
        <Box
          role="region"
          aria-label="Notification list"
          tabIndex={0}
          sx={{ maxHeight: NOTIFICATION_CONSTANTS.listMaxHeight, overflowY: 'auto' }}
        >
          {list.status === 'loading' && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading notifications" />
            </Box>
          )}
          {list.status === 'success' && list.items.length === 0 && (
            <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
              <Typography fontWeight={600}>{NOTIFICATION_MESSAGES.empty}</Typography>
              <Typography color="text.secondary">
                {filter === 'unread'
                  ? NOTIFICATION_MESSAGES.emptyUnreadHint
                  : NOTIFICATION_MESSAGES.emptyAllHint}
              </Typography>
            </Box>
          )}
          {groups.map((group) => (
            <Box component="section" key={group.day} aria-label={group.day}>
              <Typography
                variant="subtitle2"
                component="h2"
                sx={{
                  px: 2,
                  py: 1,
                  bgcolor: 'background.paper',
                  position: 'sticky',
                  top: 0,
                  zIndex: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                {group.day}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {group.items.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    href={linkOf(notification)}
                    now={now}
                    onOpen={() => markRead(notification)}
                    onMarkRead={() => markRead(notification)}
                    onDelete={() =>
                      void attempt(
                        () => deleteNotification(uid, notification.id),
                        NOTIFICATION_MESSAGES.deleteFailed,
                      )
                    }
                  />
                ))}
              </Box>
            </Box>
          ))}
          {(list.hasMore || list.loadingMore) && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <Button variant="text" disabled={list.loadingMore} onClick={list.loadMore}>
                {list.loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            </Box>
          )}
        </Box>
      </Paper>

      <EmailPreferences uid={uid} settingsPath={paths.account.settings} />
    </Stack>
  );
}
