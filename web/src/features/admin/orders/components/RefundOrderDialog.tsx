import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import {
  ORDER_REFUND_MESSAGES,
  formatPence,
  ticketSchema,
  ticketsCollection,
  type Order,
  type RefundOrderOutput,
  type Ticket,
} from '@rafflewin/domain';
import { getDocs, query, where } from 'firebase/firestore';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { useLoaded } from '@/hooks/useLoaded';
import { call } from '@/lib/callables';
import { typedCollection } from '@/lib/firestoreApi';
import { useAdminAccess } from '../../access/components/AdminAccess';

const tickets = typedCollection(ticketsCollection, ticketSchema);

/**
 * Order management → Refund: the order's active tickets, all ticked (a full refund) or some;
 * the server prices them from the order and refunds through Stripe. The total shown is the
 * tickets' price; what goes back to the card and as credit is the server's answer.
 */
export function RefundOrderDialog({
  order,
  onClose,
  onRefunded,
}: {
  order: Order;
  onClose: () => void;
  onRefunded: (answer: RefundOrderOutput) => void;
}) {
  const loaded = useLoaded(
    async () =>
      (await getDocs(query(tickets, where('orderId', '==', order.id)))).docs
        .map((doc) => doc.data())
        .filter((ticket) => ticket.status === 'active')
        .sort((a, b) => a.raffleId.localeCompare(b.raffleId) || a.ticketNumber - b.ticketNumber),
    [order.id],
  );
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const { describeFailure } = useAdminAccess();
  const [error, setError] = useState<string | null>(null);
  const active = loaded.value ?? [];
  const chosen = active.filter((ticket) => !unticked.has(ticket.id));
  // What the ticket cost its buyer (its share of a bundle); older tickets, their line's price.
  const priceOf = (ticket: Ticket) =>
    ticket.paidPrice ??
    order.items.find((item) => item.raffleId === ticket.raffleId)?.unitPrice ??
    0;
  const total = chosen.reduce((sum, ticket) => sum + priceOf(ticket), 0);

  const toggle = (id: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(ORDER_REFUND_MESSAGES.noTickets);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const all = chosen.length === active.length;
      onRefunded(
        await call('refundOrder', {
          orderId: order.id,
          ...(all ? {} : { ticketIds: chosen.map((ticket) => ticket.id) }),
        }),
      );
    } catch (caught) {
      // The server names a refusal at Stripe itself; anything else may have stopped part way.
      setError(describeFailure(ORDER_REFUND_MESSAGES.unfinished)(caught));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`Refund order ${order.orderNumber}`}
      submitLabel={`Refund ${formatPence(total)}`}
      busy={busy}
      ready={loaded.value !== undefined}
      error={error ?? (loaded.error ? ORDER_REFUND_MESSAGES.loadFailed : null)}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Typography>
        The chosen tickets become void and leave the draw; the customer is refunded through Stripe
        and told by e-mail.
      </Typography>
      {loaded.value === undefined && !loaded.error && (
        <CircularProgress size={24} aria-label="Loading the order's tickets" />
      )}
      {loaded.value?.length === 0 && (
        <Typography color="text.secondary">{ORDER_REFUND_MESSAGES.noTickets}</Typography>
      )}
      <FormGroup aria-label="Tickets to refund">
        {active.map((ticket) => (
          <FormControlLabel
            key={ticket.id}
            control={
              <Checkbox checked={!unticked.has(ticket.id)} onChange={() => toggle(ticket.id)} />
            }
            label={`Ticket #${ticket.ticketNumber}, ${ticket.raffle.name} (${formatPence(priceOf(ticket))})`}
          />
        ))}
      </FormGroup>
    </FormDialog>
  );
}
