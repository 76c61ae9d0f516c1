import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_ADMIN_MESSAGES, ORDER_REFUND_MESSAGES, type Order } from '@rafflewin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { PagerButtons } from '@/components/PagerButtons';
import { PageHeading } from '@/components/PageTitle';
import {
  DEFAULT_ORDER_FILTERS,
  useOrderList,
  type OrderFilters,
} from '@/features/admin/orders/api/useOrderList';
import { OrderFiltersBar } from '@/features/admin/orders/components/OrderFiltersBar';
import { OrderTable } from '@/features/admin/orders/components/OrderTable';
import { RefundOrderDialog } from '@/features/admin/orders/components/RefundOrderDialog';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Order management: search, status and date filters, view, refund, delete. */
export default function Page() {
  const [filters, setFilters] = useState<OrderFilters>(DEFAULT_ORDER_FILTERS);
  const [refreshedAt, setRefreshedAt] = useState(() => new Date());
  const list = useOrderList(filters, refreshedAt);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const { flash, failure, busy, attempt, succeed, dismissFlash, dismissFailure } =
    useFlashOrFailure();

  const refresh = () => {
    setRefreshedAt(new Date());
    list.refresh();
  };

  const remove = async (order: Order) => {
    const deleted = await attempt(() => call('deleteOrder', { orderId: order.id }), {
      busy: order.id,
      success: ORDER_ADMIN_MESSAGES.deleted,
      failure: (caught) => toUserMessage(caught, ORDER_ADMIN_MESSAGES.deleteFailed),
    });
    setDeleting(null);
    if (deleted) list.refresh();
  };

  return (
    <Stack spacing={3}>
      <PageHeading title="Order Management" variant="h4" />
      <OrderFiltersBar filters={filters} onChange={setFilters} onRefresh={refresh} />
      {failure && (
        <Alert severity="error" onClose={dismissFailure}>
          {failure}
        </Alert>
      )}
      {list.status === 'loading' && <CircularProgress aria-label="Loading orders" />}
      {list.status === 'error' && <Alert severity="error">{ORDER_ADMIN_MESSAGES.loadFailed}</Alert>}
      {list.status === 'success' && list.items.length === 0 && (
        <Typography>No orders found.</Typography>
      )}
      {list.status === 'success' && list.items.length > 0 && (
        <OrderTable orders={list.items} onRefund={setRefunding} onDelete={setDeleting} />
      )}
      <PagerButtons label="Orders" pager={list} />
      {deleting && (
        <ConfirmDialog
          title="Delete order"
          message={ORDER_ADMIN_MESSAGES.deleteConfirm}
          busy={busy === deleting.id}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {refunding && (
        <RefundOrderDialog
          order={refunding}
          onClose={() => {
            setRefunding(null);
            // A refused refund may have changed the order: settled as refunded at Stripe, or
            // a refund left under way.
            list.refresh();
          }}
          onRefunded={(answer) => {
            setRefunding(null);
            const refunded = ORDER_REFUND_MESSAGES.refunded(
              answer.amount + answer.creditReturned,
              answer.ticketsVoided,
            );
            succeed(
              answer.byHand
                ? `${refunded}. ${ORDER_REFUND_MESSAGES.refundByHand(answer.amount)}`
                : refunded,
            );
            list.refresh();
          }}
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}
