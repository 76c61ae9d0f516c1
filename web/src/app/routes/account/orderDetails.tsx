import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { useOrderDetails } from '@/features/account/api/useOrderDetails';
import {
  OrderDetails,
  OrderDetailsActions,
  PrintStyles,
} from '@/features/account/components/OrderDetails';

/**
 * Order details, for /account/orders/{orderId} and /account/tickets/{ticketId} (a ticket leads
 * to its order), with a print layout.
 */
export default function OrderDetailsPage() {
  const { orderId, ticketId } = useParams();
  const state = useOrderDetails({ orderId, ticketId });
  return (
    <Stack spacing={3} sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageTitle title="Order Details" />
      <PrintStyles />
      <OrderDetailsActions />
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'error' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'success' && (
        <OrderDetails order={state.order} highlightTicket={state.ticketNumber} />
      )}
    </Stack>
  );
}
