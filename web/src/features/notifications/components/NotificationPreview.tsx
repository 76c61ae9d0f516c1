import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { NotificationType } from '@rafflewin/domain';
import { NotificationTypeIcon } from './NotificationTypeIcon';

/** A phone-sized mock of how the notification will look to the customer, as it is typed. */
export function NotificationPreview({
  type,
  title,
  message,
}: {
  type: NotificationType;
  title: string;
  message: string;
}) {
  return (
    <Box
      component="section"
      aria-label="Phone preview of the notification"
      data-testid="phone-preview-notification"
      sx={{
        width: 300,
        maxWidth: '100%',
        border: 10,
        borderColor: 'grey.900',
        borderRadius: 6,
        bgcolor: 'grey.100',
        p: 1.5,
        minHeight: 260,
      }}
    >
      <Typography variant="caption" component="p" textAlign="center" color="text.secondary">
        Notifications
      </Typography>
      <Paper sx={{ p: 1.5, mt: 1, display: 'flex', gap: 1 }}>
        <NotificationTypeIcon type={type} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {title || 'Title'}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {message || 'Your message appears here.'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Just now
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
