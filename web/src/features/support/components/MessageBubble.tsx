import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, type SupportMessage } from '@rafflewin/domain';

/**
 * One message: support's on the left in grey, labelled "Support Team"; the customer's on the
 * right in the theme colour, labelled with their name; each with its time. Administrators get
 * a delete button.
 */
export function MessageBubble({
  message,
  ownerName,
  onDelete,
}: {
  message: SupportMessage;
  ownerName: string;
  onDelete?: () => void;
}) {
  const fromSupport = message.senderType === 'admin';
  return (
    <Box
      data-testid="support-message"
      data-sender={message.senderType}
      sx={{ display: 'flex', justifyContent: fromSupport ? 'flex-start' : 'flex-end' }}
    >
      <Stack
        direction={fromSupport ? 'row' : 'row-reverse'}
        spacing={0.5}
        alignItems="flex-start"
        sx={{ maxWidth: { xs: '92%', sm: '75%' } }}
      >
        <Box
          sx={{
            px: 2,
            py: 1.25,
            borderRadius: 2,
            minWidth: 0,
            bgcolor: fromSupport ? 'grey.200' : 'primary.main',
            color: fromSupport ? 'text.primary' : 'primary.contrastText',
          }}
        >
          <Typography variant="caption" component="p" fontWeight={700}>
            {fromSupport ? 'Support Team' : ownerName}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.message}
          </Typography>
          <Typography
            variant="caption"
            component="time"
            dateTime={message.createdAt.toISOString()}
            sx={{ display: 'block', opacity: 0.85, textAlign: fromSupport ? 'left' : 'right' }}
          >
            {formatDateTime(message.createdAt)}
          </Typography>
        </Box>
        {onDelete && (
          <IconButton size="small" aria-label="Delete message" onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Stack>
    </Box>
  );
}
