import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  MY_ORDER_DATE_FILTERS,
  MY_ORDER_DATE_FILTER_LABELS,
  MY_ORDER_STATUS_FILTERS,
  PAYMENT_METHOD_LABELS,
  formatDateTime,
  formatPence,
  formatPriceOrFree,
  orderCost,
  type Order,
  type MyOrderStatusFilter,
} from '@rafflewin/domain';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { SelectField } from '@/components/SelectField';
import { paths } from '@/config/paths';
import { useOrderPage, type OrderFilters } from '../api/useOrderPage';
import { OrderStatusChip, PaymentStatusChip } from './OrderStatusChip';
import { PagerButtons } from '@/components/PagerButtons';

const STATUS_LABELS: Record<MyOrderStatusFilter, string> = {
  all: 'All statuses',
  processing: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const STATUS_OPTIONS = MY_ORDER_STATUS_FILTERS.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));
const DATE_OPTIONS = MY_ORDER_DATE_FILTERS.map((value) => ({
  value,
  label: MY_ORDER_DATE_FILTER_LABELS[value],
}));

function OrderRow({ order }: { order: Order }) {
  const tickets = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Paper
      component="article"
      aria-label={`Order ${order.orderNumber}`}
      data-testid="order-row"
      sx={{ p: 2 }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        justifyContent="space-between"
        alignItems={{ md: 'center' }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography fontWeight={700} data-testid="order-number">
            {order.orderNumber}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]} ·{' '}
            {tickets} {tickets === 1 ? 'ticket' : 'tickets'}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {order.items.map((item) => item.name).join(', ')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          <OrderStatusChip status={order.status} />
          <PaymentStatusChip status={order.paymentStatus} />
          <Typography fontWeight={700} sx={{ minWidth: 64, textAlign: 'right' }}>
            {/* What it cost, as its page's total says (account credit may have paid some). */}
            {formatPriceOrFree(orderCost(order))}
          </Typography>
          {(order.refundedAmount ?? 0) > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="order-refunded">
              {formatPence(order.refundedAmount ?? 0)} refunded
            </Typography>
          )}
          <Button
            component={RouterLink}
            to={paths.account.order(order.id)}
            size="small"
            variant="outlined"
            aria-label={`View order ${order.orderNumber}`}
          >
            View
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function OrderResults({ uid, filters }: { uid: string; filters: OrderFilters }) {
  const pages = useOrderPage(uid, filters);
  const { status, orders } = pages;
  const filtered =
    filters.status !== 'all' || filters.date !== 'all' || filters.search.trim() !== '';
  return (
    <Stack spacing={2}>
      {status === 'loading' && <CircularProgress aria-label="Loading your orders" />}
      {status === 'error' && <Alert severity="error">{ACCOUNT_MESSAGES.loadOrdersFailed}</Alert>}
      {status === 'success' && orders.length === 0 && (
        <Stack spacing={2} alignItems="flex-start">
          <Typography>
            {filtered
              ? 'No orders match your search and filters.'
              : "You haven't placed any orders yet."}
          </Typography>
          {!filtered && (
            <Button component={RouterLink} to={paths.competitions} variant="contained">
              Browse Competitions
            </Button>
          )}
        </Stack>
      )}
      {status === 'success' && orders.map((order) => <OrderRow key={order.id} order={order} />)}
      <PagerButtons label="Orders" pager={pages} />
    </Stack>
  );
}

/**
 * My Orders: newest first, a page at a time, with status and date filters and a search on
 * order number or item name, all applied by the query on the server.
 */
export function MyOrders({ uid }: { uid: string }) {
  const [filters, setFilters] = useState<OrderFilters>({ status: 'all', date: 'all', search: '' });
  const [searchText, setSearchText] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({ ...f, search: searchText }));
  };

  return (
    <Stack spacing={3}>
      <Stack
        component="form"
        role="search"
        aria-label="Search your orders"
        onSubmit={search}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
      >
        <TextField
          label="Search orders"
          placeholder="Order number or item name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ flexGrow: 1 }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button type="submit" startIcon={<Search />}>
                    Search
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
          minWidth={180}
        />
        <SelectField
          label="Date"
          value={filters.date}
          options={DATE_OPTIONS}
          onChange={(date) => setFilters((f) => ({ ...f, date }))}
          minWidth={200}
        />
      </Stack>
      <OrderResults
        key={`${filters.status}|${filters.date}|${filters.search}`}
        uid={uid}
        filters={filters}
      />
    </Stack>
  );
}
