import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatPence, formatPriceOrFree } from '@rafflewin/domain';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { useOrder } from '@/features/checkout/api/useCheckoutDocuments';

/** The order confirmation: order number, each raffle's ticket numbers and the total. */
export default function CheckoutCompletePage() {
  const { orderId } = useParams();
  const { status, data: order } = useOrder(orderId);
  if (status === 'loading') return <PageLoading />;
  if (!order) return <Alert severity="error">Order not found</Alert>;
  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="Order confirmed" />
      <Typography variant="h4" component="h1" gutterBottom>
        Thank you! Your order is confirmed
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Order <strong data-testid="order-number">{order.orderNumber}</strong>,{' '}
        {formatDateTime(order.createdAt)}, paid by {order.paymentMethod}. A confirmation e-mail is
        on its way.
      </Typography>
      <Stack spacing={2} sx={{ mt: 2 }} divider={<Divider flexItem />}>
        {order.items.map((item) => (
          <Stack key={item.raffleId} spacing={0.5} data-testid="order-item">
            <Stack direction="row" justifyContent="space-between">
              <Typography fontWeight={600}>{item.name}</Typography>
              <Typography>{formatPriceOrFree(item.totalPrice)}</Typography>
            </Stack>
            <Typography variant="body2">
              {item.quantity} {item.quantity === 1 ? 'ticket' : 'tickets'}: numbers{' '}
              <span data-testid="ticket-numbers">{item.ticketNumbers.join(', ')}</span>
            </Typography>
          </Stack>
        ))}
        <Stack direction="row" justifyContent="space-between">
          <Typography variant="h6">Total</Typography>
          <Typography variant="h6">{formatPence(order.totalAmount)}</Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
