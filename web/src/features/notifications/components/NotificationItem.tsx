import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Done from '@mui/icons-material/Done';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  formatRelativeTime,
  truncateText,
  type Notification,
} from '@rafflewin/domain';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { VISUALLY_HIDDEN } from '@/components/visuallyHidden';
import { NotificationTypeIcon } from './NotificationTypeIcon';

/** Read out by screen readers, not shown (the dot shows it). */
/**
 * One notification: an unread dot, its title (a link to what it is about; opening it marks it
 * read), the text cut at 80 characters with Show more, the relative time, and Mark as read and
 * Delete (Delete appears on hover and on keyboard focus; always on touch screens).
 */
export function NotificationItem({
  notification,
  href,
  now,
  onOpen,
  onMarkRead,
  onDelete,
}: {
  notification: Notification;
  href: string;
  now: Date;
  onOpen: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const { text, truncated } = truncateText(notification.message);
  const unread = !notification.isRead;
  return (
    <Box
      component="li"
      data-testid="notification"
      data-unread={unread}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: unread ? 'action.hover' : 'transparent',
        '& .notification-delete': { opacity: 0 },
        '&:hover .notification-delete, &:focus-within .notification-delete': { opacity: 1 },
        '@media (hover: none)': { '& .notification-delete': { opacity: 1 } },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          mt: 1,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <Box sx={{ mt: 0.25 }}>
        <NotificationTypeIcon type={notification.type} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={href}
          onClick={onOpen}
          underline="hover"
          color="inherit"
          sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}
        >
          {unread && (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Unread:{' '}
            </Box>
          )}
          {notification.title}
        </Link>
        <Typography
          id={textId}
          variant="body2"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
        >
          {expanded ? notification.message : text}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography
            variant="caption"
            color="text.secondary"
            component="time"
            dateTime={notification.createdAt.toISOString()}
            title={formatDateTime(notification.createdAt)}
          >
            {formatRelativeTime(notification.createdAt, now)}
          </Typography>
          {truncated && (
            <Button
              size="small"
              aria-controls={textId}
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
              sx={{ minWidth: 0, p: 0.25 }}
            >
              {expanded ? 'Show less' : 'Show more'}
            </Button>
          )}
        </Stack>
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        {unread && (
          <Tooltip title="Mark as read">
            <IconButton
              size="small"
              aria-label={`Mark "${notification.title}" as read`}
              onClick={onMarkRead}
            >
              <Done fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Delete">
          <IconButton
            size="small"
            className="notification-delete"
            aria-label={`Delete "${notification.title}"`}
            onClick={onDelete}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
