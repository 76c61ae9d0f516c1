import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatShortDate, type SupportTicket } from '@rafflewin/domain';

/**
 * A complaint's deadlines from the About page (acknowledged within 24 hours, resolved within
 * 5 working days), set by the server when the ticket was opened. Overdue dates are shown in
 * red so an administrator sees what to answer first. Renders nothing for other tickets.
 */
export function ComplaintDeadlines({
  ticket,
  now = new Date(),
}: {
  ticket: Pick<SupportTicket, 'isComplaint' | 'acknowledgeBy' | 'resolveBy' | 'status'>;
  now?: Date;
}) {
  if (!ticket.isComplaint) return null;
  const open = ticket.status !== 'closed';
  const overdue = (date: Date | null) => open && date !== null && date.getTime() < now.getTime();
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Chip size="small" color="warning" variant="outlined" label="Complaint" />
      {ticket.acknowledgeBy && (
        <Typography
          variant="caption"
          color={overdue(ticket.acknowledgeBy) ? 'error' : 'text.secondary'}
        >
          Acknowledge by {formatDateTime(ticket.acknowledgeBy)}
        </Typography>
      )}
      {ticket.resolveBy && (
        <Typography
          variant="caption"
          color={overdue(ticket.resolveBy) ? 'error' : 'text.secondary'}
        >
          Resolve by {formatShortDate(ticket.resolveBy)}
        </Typography>
      )}
    </Stack>
  );
}
