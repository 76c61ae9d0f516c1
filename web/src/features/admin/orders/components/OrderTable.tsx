import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ORDER_ADMIN_MESSAGES,
  PAYMENT_METHOD_LABELS,
  REFUND_STOPPED_BY_DISPUTE,
  formatDateTime,
  formatPence,
  tookPayment,
  type Order,
} from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { DataTable } from '@/components/DataTable';

const STATUS_COLOURS = {
  processing: 'info',
  completed: 'success',
  cancelled: 'error',
} as const;

/**
 * Card refunds Stripe could not make: those the card refused (closed, lost or stolen) a person
 * returns by hand; those the customer's dispute stopped, the dispute returns.
 */
const failedRefunds = (order: Order, byDispute: boolean) =>
  Object.values(order.failedRefunds ?? {})
    .filter((failed) => (failed.reason === REFUND_STOPPED_BY_DISPUTE) === byDispute)
    .reduce((sum, failed) => sum + failed.amount, 0);

/** Paid card orders can be refunded (in full or ticket by ticket) through Stripe. */
const refundable = (order: Order) =>
  order.paymentMethod === 'Card' && order.paymentStatus === 'paid';

/**
 * The orders of one page, with View (the customer's order details), Refund and Delete; an
 * order's promo code under its total.
 */
export function OrderTable({
  orders,
  onRefund,
  onDelete,
}: {
  orders: Order[];
  onRefund: (order: Order) => void;
  onDelete: (order: Order) => void;
}) {
  return (
    <DataTable
      label="Orders"
      columns={[
        'Order',
        'Customer',
        'Date',
        { label: 'Tickets', align: 'right' },
        { label: 'Total', align: 'right' },
        'Status',
        'Payment',
        { label: 'Actions', align: 'right' },
      ]}
    >
      {orders.map((order) => (
        <TableRow key={order.id} data-testid="order-row">
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{order.orderNumber}</TableCell>
          <TableCell>{order.userEmail || '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.createdAt)}</TableCell>
          <TableCell align="right">
            {order.items.reduce((sum, item) => sum + item.quantity, 0)}
          </TableCell>
          <TableCell align="right">
            {formatPence(order.totalAmount)}
            {order.promo && (
              <Typography variant="caption" display="block" color="text.secondary">
                code {order.promo.code}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <Chip
              size="small"
              color={STATUS_COLOURS[order.status]}
              label={order.status.charAt(0).toUpperCase() + order.status.slice(1)}
            />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {PAYMENT_METHOD_LABELS[order.paymentMethod]} · {order.paymentStatus}
            {failedRefunds(order, false) > 0 && (
              <Typography variant="caption" display="block" color="error">
                Refund failed: {formatPence(failedRefunds(order, false))} to return by hand
              </Typography>
            )}
            {failedRefunds(order, true) > 0 && (
              <Typography variant="caption" display="block" color="text.secondary">
                Refund stopped by a dispute: {formatPence(failedRefunds(order, true))} returned
                through it
              </Typography>
            )}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            <Button
              size="small"
              component={RouterLink}
              to={paths.account.ticket(order.id)}
              aria-label={`View order ${order.orderNumber}`}
            >
              View
            </Button>
            {refundable(order) && (
              <Button
                size="small"
                onClick={() => onRefund(order)}
                aria-label={`Refund order ${order.orderNumber}`}
              >
                Refund
              </Button>
            )}
            {/* A paid order is a financial record: refunded, never deleted (as deleteOrder says). */}
            <Tooltip title={tookPayment(order) ? ORDER_ADMIN_MESSAGES.paidRefused : 'Delete'}>
              <span>
                <IconButton
                  color="error"
                  aria-label={`Delete order ${order.orderNumber}`}
                  onClick={() => onDelete(order)}
                  disabled={tookPayment(order)}
                >
                  <Delete />
                </IconButton>
              </span>
            </Tooltip>
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
