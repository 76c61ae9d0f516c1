import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SEND_NOTIFICATION_MESSAGES,
  formatDateTime,
  notificationBroadcastSchema,
  notificationBroadcastsCollection,
  type NotificationBroadcast,
} from '@rafflewin/domain';
import { limit, orderBy, query } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

/** The latest sends to all the page follows. */
const SHOWN = 5;

const latest = query(
  typedCollection(notificationBroadcastsCollection, notificationBroadcastSchema),
  orderBy('startedAt', 'desc'),
  limit(SHOWN),
);

function statusText(broadcast: NotificationBroadcast): string {
  const { status, sent, failed, processed, total } = broadcast;
  if (status === 'sending') return SEND_NOTIFICATION_MESSAGES.progress(processed, total);
  if (sent === 0 && failed > 0) return SEND_NOTIFICATION_MESSAGES.noneSent;
  return SEND_NOTIFICATION_MESSAGES.sentToAll(sent, failed);
}

/**
 * The latest sends to all, live: a progress bar while each goes out page by page, then how
 * many received it. An administrator can leave the page and come back to it.
 */
export function BroadcastProgress() {
  const { status, data } = useQueryData(latest);
  if (status !== 'success' || data.length === 0) return null;
  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="broadcasts-heading">
      <Typography id="broadcasts-heading" variant="h6" component="h2">
        {SEND_NOTIFICATION_MESSAGES.progressTitle}
      </Typography>
      <List>
        {data.map((broadcast) => {
          const percent =
            broadcast.total === 0
              ? 100
              : Math.min(100, Math.round((broadcast.processed / broadcast.total) * 100));
          return (
            <ListItem key={broadcast.id} disableGutters data-testid="broadcast">
              <Stack spacing={0.5} sx={{ width: '100%' }}>
                <Stack direction="row" justifyContent="space-between" spacing={2}>
                  <Typography fontWeight={600}>{broadcast.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(broadcast.startedAt)}
                  </Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={broadcast.status === 'done' ? 100 : percent}
                  aria-label={`${broadcast.title}: ${percent}% sent`}
                />
                <Typography variant="body2" data-testid="broadcast-status">
                  {statusText(broadcast)}
                </Typography>
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
