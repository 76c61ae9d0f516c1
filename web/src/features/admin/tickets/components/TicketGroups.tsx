import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RAFFLE_CATEGORY_LABELS, formatDateTime } from '@rafflewin/domain';
import { DataTable } from '@/components/DataTable';
import type { TicketGroup, TicketRow } from '../api/useTicketList';

function holder(row: TicketRow): string {
  if (!row.userFirstName) return '';
  return row.userLastNameInitial
    ? `${row.userFirstName} ${row.userLastNameInitial}.`
    : row.userFirstName;
}

/** A page of tickets, one collapsible group per customer e-mail. */
export function TicketGroups({
  groups,
  onEdit,
  onDelete,
}: {
  groups: TicketGroup[];
  onEdit: (ticket: TicketRow) => void;
  onDelete: (ticket: TicketRow) => void;
}) {
  return (
    <div>
      {groups.map((group) => (
        <Accordion key={group.email} defaultExpanded disableGutters data-testid="ticket-group">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mr: 1 }}>
              {group.email}
            </Typography>
            <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
              {holder(group.tickets[0]!)} · {group.tickets.length}{' '}
              {group.tickets.length === 1 ? 'ticket' : 'tickets'}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ p: 0 }}>
            <DataTable
              label={`Tickets of ${group.email}`}
              paper={false}
              columns={[
                'Ticket',
                'Raffle',
                'Category',
                'Purchased',
                'Status',
                { label: 'Actions', align: 'right' },
              ]}
            >
              {group.tickets.map((ticket) => (
                <TableRow key={ticket.id} data-testid="ticket-row">
                  <TableCell>#{ticket.ticketNumber}</TableCell>
                  <TableCell>{ticket.raffle.name}</TableCell>
                  <TableCell>{RAFFLE_CATEGORY_LABELS[ticket.raffle.category]}</TableCell>
                  <TableCell>{formatDateTime(ticket.purchaseDate)}</TableCell>
                  <TableCell>
                    {ticket.status === 'void' ? (
                      <Chip size="small" label="Void" />
                    ) : ticket.eligible === false ? (
                      <Chip size="small" color="warning" label="Not in draw" />
                    ) : (
                      <Chip size="small" color="success" label="Active" />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={`Edit ticket #${ticket.ticketNumber} of ${ticket.raffle.name}`}
                      onClick={() => onEdit(ticket)}
                      disabled={ticket.status !== 'active'}
                    >
                      <Edit />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ticket #${ticket.ticketNumber} of ${ticket.raffle.name}`}
                      color="error"
                      onClick={() => onDelete(ticket)}
                    >
                      <Delete />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
