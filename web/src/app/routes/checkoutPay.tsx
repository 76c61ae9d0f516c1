import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPence, formatPriceOrFree } from '@rafflewin/domain';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import { useCheckoutSession } from '@/features/checkout/api/useCheckoutDocuments';
import { CardForm, type CardDetails } from '@/features/checkout/components/CardForm';
import { useCart } from '@/hooks/useCart';
import { useOnline } from '@/hooks/useOnline';
import { forgetAnswers } from '@/lib/answers';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * The local test provider's payment page (no STRIPE_SECRET_KEY): it stands in for Stripe's
 * hosted page and accepts the test card 4242 4242 4242 4242.
 */
export default function CheckoutPayPage() {
  const { sessionId } = useParams();
  const session = useCheckoutSession(sessionId);
  const cart = useCart();
  const online = useOnline();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  if (session.status === 'loading') return <PageLoading />;
  const reservation = session.data;
  if (!reservation) return <Alert severity="error">Checkout session not found</Alert>;

  const pay = async (card: CardDetails) => {
    setError(null);
    try {
      const order = await call('payWithTestCard', { sessionId: reservation.id, ...card });
      forgetAnswers(reservation.items.map((item) => item.raffleId));
      await cart.clear();
      void navigate(paths.checkoutComplete(order.orderId), { replace: true });
    } catch (caught) {
      setError(toUserMessage(caught, 'Payment processing failed'));
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 560, mx: 'auto' }}>
      <PageHeading title="Pay by card" variant="h4" gutterBottom />
      <Alert severity="info" sx={{ mb: 2 }}>
        Test payments: use the card 4242 4242 4242 4242 with any future expiry and any security
        code. No money moves.
      </Alert>
      <Stack spacing={1} sx={{ mb: 2 }}>
        {reservation.items.map((item) => (
          <Stack key={item.raffleId} direction="row" justifyContent="space-between">
            <Typography>
              {item.name} × {item.quantity}
            </Typography>
            <Typography>{formatPriceOrFree(item.unitPrice * item.quantity)}</Typography>
          </Stack>
        ))}
        <Divider />
        <Stack direction="row" justifyContent="space-between">
          <Typography fontWeight={700}>Total</Typography>
          <Typography fontWeight={700} data-testid="pay-total">
            {formatPence(reservation.amount)}
          </Typography>
        </Stack>
      </Stack>
      {reservation.status !== 'pending' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {reservation.status === 'fulfilled'
            ? 'This checkout has already been completed'
            : 'Your reservation has expired. Please check out again.'}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <CardForm
        submitLabel={`Pay ${formatPence(reservation.amount)}`}
        disabled={!online || reservation.status !== 'pending'}
        onSubmit={pay}
      />
    </Paper>
  );
}
