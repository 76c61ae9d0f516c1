import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  RAFFLE_CATEGORY_LABELS,
  formatLongDate,
  formatShortDate,
  type Raffle,
  type RaffleCategory,
  type Ticket,
} from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { ImageOrPlaceholder } from '@/components/ImageOrPlaceholder';

interface RaffleGroup {
  raffleId: string;
  tickets: Ticket[];
}

/** A page's tickets grouped by category, then raffle, in the order they were read. */
export function groupTickets(
  tickets: Ticket[],
): Array<{ category: RaffleCategory; raffles: RaffleGroup[] }> {
  const groups: Array<{ category: RaffleCategory; raffles: RaffleGroup[] }> = [];
  for (const ticket of tickets) {
    let group = groups.find((g) => g.category === ticket.raffle.category);
    if (!group) {
      group = { category: ticket.raffle.category, raffles: [] };
      groups.push(group);
    }
    let raffle = group.raffles.find((r) => r.raffleId === ticket.raffleId);
    if (!raffle) {
      raffle = { raffleId: ticket.raffleId, tickets: [] };
      group.raffles.push(raffle);
    }
    raffle.tickets.push(ticket);
  }
  return groups;
}

function TicketRow({ ticket }: { ticket: Ticket }) {
  return (
    <Stack
      data-testid="my-ticket"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      alignItems={{ sm: 'center' }}
      justifyContent="space-between"
    >
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography fontWeight={700}>Ticket #{ticket.ticketNumber}</Typography>
          {ticket.status === 'void' && <Chip size="small" label="Void (refunded)" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Bought {formatShortDate(ticket.purchaseDate)}
        </Typography>
        {ticket.eligible === false && (
          <Alert severity="warning" sx={{ py: 0 }}>
            Not entered in the draw: the skill question was answered incorrectly.
          </Alert>
        )}
      </Stack>
      <Button
        component={RouterLink}
        to={paths.account.ticket(ticket.id)}
        size="small"
        aria-label={`View details of ticket #${ticket.ticketNumber}`}
      >
        View Details
      </Button>
    </Stack>
  );
}

/**
 * My Tickets: one page of tickets under category headings, each raffle with its image. Each
 * raffle's name, image and draw date are its live ones (`raffles`), or what its tickets kept
 * of it when it cannot be read.
 */
export function TicketGroups({
  tickets,
  raffles,
}: {
  tickets: Ticket[];
  raffles: ReadonlyMap<string, Raffle>;
}) {
  return (
    <Stack spacing={4}>
      {groupTickets(tickets).map((group) => (
        <Box
          component="section"
          key={group.category}
          aria-label={RAFFLE_CATEGORY_LABELS[group.category]}
        >
          <Typography variant="h5" component="h2" gutterBottom>
            {RAFFLE_CATEGORY_LABELS[group.category]}
          </Typography>
          <Stack spacing={2}>
            {group.raffles.map(({ raffleId, tickets: raffleTickets }) => {
              const raffle = raffles.get(raffleId) ?? raffleTickets[0]!.raffle;
              return (
                <Paper
                  key={raffleId}
                  component="article"
                  aria-label={raffle.name}
                  data-testid="my-ticket-raffle"
                  sx={{ p: 2 }}
                >
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <ImageOrPlaceholder
                      src={raffle.imageUrl}
                      alt={raffle.name}
                      width={160}
                      height={100}
                      sx={{
                        width: { xs: '100%', sm: 160 },
                        height: 'auto',
                        aspectRatio: '16 / 10',
                        objectFit: 'cover',
                        borderRadius: 1,
                      }}
                    />
                    <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography variant="h6" component="h3">
                        {raffle.name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        Draw date: {formatLongDate(raffle.endDate)}
                      </Typography>
                      <Stack divider={<Divider flexItem />} spacing={1}>
                        {raffleTickets.map((ticket) => (
                          <TicketRow key={ticket.id} ticket={ticket} />
                        ))}
                      </Stack>
                    </Stack>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
