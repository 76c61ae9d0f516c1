import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SUPPORT_MESSAGES, formatShortDate, type SupportTicket } from '@rafflewin/domain';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMyTickets } from '../api/useMyTickets';
import { PriorityBadge } from './PriorityBadge';
import { TicketStatusIcon } from './TicketStatusIcon';

function TicketRow({ ticket, href }: { ticket: SupportTicket; href: string }) {
  // A list holds list items only (axe: list); the link sits inside each.
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={href}
        divider
        data-testid="support-ticket"
        sx={{ alignItems: 'flex-start', gap: 2, py: 2 }}
      >
        <TicketStatusIcon status={ticket.status} />
        <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {ticket.subject}
            </Typography>
            {ticket.unreadCount > 0 && (
              <Chip size="small" color="error" label={`${ticket.unreadCount} new`} />
            )}
            <PriorityBadge priority={ticket.priority} />
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap>
            {ticket.lastMessage}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Created {formatShortDate(ticket.createdAt)} · Last updated{' '}
            {formatShortDate(ticket.lastMessageAt)} · Ref {ticket.reference}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * My Support Tickets: the customer's tickets, latest activity first, live, 20 at
 * a time. A failure to load is only logged; the page then shows no list.
 */
export function MyTicketList({
  uid,
  hrefOf,
  contactPath,
}: {
  uid: string;
  hrefOf: (ticketId: string) => string;
  contactPath: string;
}) {
  const tickets = useMyTickets(uid);
  useEffect(() => {
    if (tickets.error) console.error('Failed to load support tickets', tickets.error);
  }, [tickets.error]);

  if (tickets.status === 'loading')
    return <CircularProgress aria-label="Loading support tickets" />;
  if (tickets.status === 'error') {
    return <Alert severity="error">{SUPPORT_MESSAGES.loadTicketsFailed}</Alert>;
  }
  if (tickets.items.length === 0) {
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography gutterBottom>{SUPPORT_MESSAGES.noTickets}</Typography>
        <Button component={RouterLink} to={contactPath} variant="contained">
          Create New Ticket
        </Button>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      <Paper>
        <List disablePadding aria-label="Support tickets">
          {tickets.items.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} href={hrefOf(ticket.id)} />
          ))}
        </List>
      </Paper>
      {(tickets.hasMore || tickets.loadingMore) && (
        <Button
          variant="outlined"
          disabled={tickets.loadingMore}
          onClick={tickets.loadMore}
          sx={{ alignSelf: 'center' }}
        >
          {tickets.loadingMore ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Stack>
  );
}
