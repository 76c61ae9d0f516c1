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
import { useAction } from '@/hooks/useAction';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Order management: search, status and date filters, view, refund, delete. */
export default function Page() {
  const [filters, setFilters] = useState<OrderFilters>(DEFAULT_ORDER_FILTERS);
  const [refreshedAt, setRefreshedAt] = useState(() => new Date());
  const list = useOrderList(filters, refreshedAt);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const {
    busy,
    error: failure,
    setError: setFailure,
    run,
  } = useAction((caught) => toUserMessage(caught, ORDER_ADMIN_MESSAGES.deleteFailed));

  const refresh = () => {
    setRefreshedAt(new Date());
    list.refresh();
  };

  const remove = async (order: Order) => {
    const deleted = await run(async () => {
      await call('deleteOrder', { orderId: order.id });
      return true;
    });
    setDeleting(null);
    if (deleted) {
      setFlash(ORDER_ADMIN_MESSAGES.deleted);
      list.refresh();
    }
  };

  return (
    <Stack spacing={3}>
      <PageHeading title="Order Management" variant="h4" />
      <OrderFiltersBar filters={filters} onChange={setFilters} onRefresh={refresh} />
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
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
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {refunding && (
        <RefundOrderDialog
          order={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(answer) => {
            setRefunding(null);
            setFailure(null);
            setFlash(
              ORDER_REFUND_MESSAGES.refunded(
                answer.amount + answer.creditReturned,
                answer.ticketsVoided,
              ),
            );
            list.refresh();
          }}
        />
      )}
      <FlashMessage message={flash} onClose={() => setFlash(null)} />
    </Stack>
  );
}
