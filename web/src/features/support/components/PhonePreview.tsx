import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_CONSTANTS,
  SUPPORT_MESSAGES,
  formatDateTime,
  type SupportMessage,
} from '@rafflewin/domain';

function Bubble({
  fromSupport,
  label,
  text,
  time,
}: {
  fromSupport: boolean;
  label: string;
  text: string;
  time: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: fromSupport ? 'flex-start' : 'flex-end' }}>
      <Box
        sx={{
          maxWidth: '80%',
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          bgcolor: fromSupport ? 'grey.200' : 'primary.main',
          color: fromSupport ? 'text.primary' : 'primary.contrastText',
        }}
      >
        <Typography variant="caption" component="p" fontWeight={700}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {text}
        </Typography>
        <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
          {time}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * How the conversation looks on a phone: a 350 px mock with the first six
 * messages, a hint when there are more, and the message being typed as a "Now" bubble.
 */
export function PhonePreview({
  messages,
  ownerName,
  draft,
  draftFromSupport,
}: {
  messages: SupportMessage[];
  ownerName: string;
  draft: string;
  draftFromSupport: boolean;
}) {
  const { phonePreviewMessages, phonePreviewWidthPx } = SUPPORT_CONSTANTS;
  const shown = messages.slice(0, phonePreviewMessages);
  const more = messages.length - shown.length;
  return (
    <Stack
      component="section"
      aria-label="Phone preview"
      spacing={1.5}
      sx={{ width: phonePreviewWidthPx, maxWidth: '100%' }}
    >
      <Box
        data-testid="phone-preview"
        sx={{
          border: 10,
          borderColor: 'grey.900',
          borderRadius: 6,
          bgcolor: 'background.paper',
          overflow: 'hidden',
        }}
      >
        <Typography
          variant="subtitle2"
          component="p"
          sx={{ px: 2, py: 1, bgcolor: 'grey.900', color: 'common.white' }}
        >
          Support chat
        </Typography>
        <Stack spacing={1} sx={{ p: 1.5, minHeight: 320 }}>
          {shown.map((message) => (
            <Bubble
              key={message.id}
              fromSupport={message.senderType === 'admin'}
              label={message.senderType === 'admin' ? 'Support Team' : ownerName}
              text={message.message}
              time={formatDateTime(message.createdAt).split(', ')[1] ?? ''}
            />
          ))}
          {more > 0 && (
            <Typography variant="caption" textAlign="center" color="text.secondary">
              {SUPPORT_MESSAGES.moreMessages(more)}
            </Typography>
          )}
          {draft.trim() && (
            <Bubble
              fromSupport={draftFromSupport}
              label={draftFromSupport ? 'Support Team' : ownerName}
              text={draft}
              time="Now"
            />
          )}
        </Stack>
      </Box>
      {SUPPORT_MESSAGES.previewCaptions.map((caption) => (
        <Typography key={caption} variant="caption" color="text.secondary" component="p">
          {caption}
        </Typography>
      ))}
    </Stack>
  );
}
