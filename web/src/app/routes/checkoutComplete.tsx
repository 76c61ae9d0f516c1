import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_RELEASED_MESSAGES,
  PAYMENT_METHOD_LABELS,
  appliedPromoText,
  formatDateTime,
  orderSums,
  formatPriceOrFree,
  type Order,
} from '@rafflewin/domain';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import { InstantWins } from '@/features/account/components/InstantWins';
import { useCheckoutSession, useOrder } from '@/features/checkout/api/useCheckoutDocuments';
import { forgetAnswers } from '@/lib/answers';
import { forgetPicks } from '@/lib/picks';
import { isBundled } from '@/lib/linePrice';
import { missingFromCache } from '@/lib/realtime';

/**
 * Where Stripe's page returns after paying, and where free claims land: the reservation is
 * watched until the webhook has fulfilled it ("Confirming your payment…" until then), then the
 * order is shown. A reservation released before the payment arrived says so, and why a payment
 * made anyway was refunded; one whose order cannot be read sends the customer to My Orders.
 */
export default function CheckoutCompletePage() {
  const { orderId: reservationId } = useParams();
  const reservation = useCheckoutSession(reservationId);
  const fulfilled = reservation.data?.status === 'fulfilled';
  const order = useOrder(fulfilled ? reservationId : undefined);
  if (reservation.status === 'loading') return <PageLoading />;
  // The rules refuse a reservation that is not the reader's and one that does not exist alike:
  // both are "not found" (the page's own failure to read says to reload).
  if (reservation.status === 'error' && reservation.error?.code !== 'permission-denied') {
    return <Alert severity="error">{CHECKOUT_MESSAGES.checkoutUnreadable}</Alert>;
  }
  if (!reservation.data) {
    return <Alert severity="error">{CHECKOUT_MESSAGES.reservationNotFound}</Alert>;
  }
  const status = reservation.data.status;
  if (status === 'expired' || status === 'cancelled') {
    const { releasedFor } = reservation.data;
    // A payment that came anyway was refunded, and the reservation says why (late, a raffle
    // closed, a credit card past the month's cap…), as does one the shop closed itself (a raffle
    // taken off sale, a play break…): the person reads that, not a guess.
    return (
      <Outcome
        title="Checkout not completed"
        severity="warning"
        message={
          reservation.data.refundNotice?.message ??
          (releasedFor ? CHECKOUT_RELEASED_MESSAGES[releasedFor] : CHECKOUT_MESSAGES.notCompleted)
        }
        to={paths.cart}
        action="Back to Cart"
      />
    );
  }
  // Fulfilled, and the order's read failed or found none (an administrator may remove a free
  // one): the page says where the orders are rather than confirming for ever.
  if (fulfilled && order.status !== 'loading' && !order.data && !missingFromCache(order)) {
    return (
      <Outcome
        title="Checkout complete"
        severity="info"
        message={CHECKOUT_MESSAGES.orderNotShown}
        to={paths.account.orders}
        action="My Orders"
      />
    );
  }
  if (!fulfilled || !order.data) {
    return (
      <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 720, mx: 'auto' }}>
        <PageTitle title="Confirming your payment" />
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={28} aria-hidden />
          <Typography variant="h5" component="h1">
            {CHECKOUT_MESSAGES.confirming}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {CHECKOUT_MESSAGES.confirmingDetail}
        </Typography>
      </Paper>
    );
  }
  return <OrderConfirmation order={order.data} />;
}

/** A checkout that ended without its order on this page: what happened, and where to go. */
function Outcome(props: {
  title: string;
  severity: 'warning' | 'info';
  message: string;
  to: string;
  action: string;
}) {
  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 720, mx: 'auto' }}>
      <PageTitle title={props.title} />
      <Alert severity={props.severity} sx={{ mb: 2 }}>
        {props.message}
      </Alert>
      <Button component={RouterLink} to={props.to} variant="contained">
        {props.action}
      </Button>
    </Paper>
  );
}

/** The order confirmation: order number, each raffle's ticket numbers and the total. */
function OrderConfirmation({ order }: { order: Order }) {
  // Bought: the skill answers and picked numbers kept for a return to the checkout are no
  // longer needed.
  useEffect(() => {
    const raffleIds = order.items.map((item) => item.raffleId);
    forgetAnswers(raffleIds);
    forgetPicks(raffleIds);
  }, [order]);
  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="Order confirmed" />
      <Typography variant="h4" component="h1" gutterBottom>
        Thank you! Your order is confirmed
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Order <strong data-testid="order-number">{order.orderNumber}</strong>,{' '}
        {formatDateTime(order.createdAt)}, paid by {PAYMENT_METHOD_LABELS[order.paymentMethod]}. A
        confirmation e-mail is on its way.
      </Typography>
      <Stack spacing={2} sx={{ mt: 2 }} divider={<Divider flexItem />}>
        {order.items.map((item) => (
          <Stack key={item.raffleId} spacing={0.5} data-testid="order-item">
            <Stack direction="row" justifyContent="space-between">
              <Typography fontWeight={600}>{item.name}</Typography>
              <Typography>
                {formatPriceOrFree(item.totalPrice)}
                {isBundled(order, item) && ' (bundle)'}
              </Typography>
            </Stack>
            <Typography variant="body2">
              {item.quantity} {item.quantity === 1 ? 'ticket' : 'tickets'}
              {item.bonusTickets ? ` (${item.bonusTickets} bonus)` : ''}: numbers{' '}
              <span data-testid="ticket-numbers">{item.ticketNumbers.join(', ')}</span>
            </Typography>
            <InstantWins item={item} />
          </Stack>
        ))}
        {order.promo && (
          <Typography data-testid="order-promo">{appliedPromoText(order.promo)}</Typography>
        )}
        {orderSums(order).map(({ label, amount }, index) => (
          <Stack key={label} direction="row" justifyContent="space-between">
            <Typography variant={index === 0 ? 'h6' : 'body1'}>{label}</Typography>
            <Typography
              variant={index === 0 ? 'h6' : 'body1'}
              data-testid={index === 0 ? 'order-total' : undefined}
            >
              {amount}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Button component={RouterLink} to={paths.account.tickets} sx={{ mt: 3 }}>
        View My Tickets
      </Button>
    </Paper>
  );
}
