import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_METHOD_LABELS,
  appliedPromoText,
  formatDateTime,
  orderSums,
  refundedNumbers,
  formatPriceOrFree,
  type Order,
} from '@rafflewin/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { DataTable } from '@/components/DataTable';
import { isBundled } from '@/lib/linePrice';
import { InstantWins } from './InstantWins';
import { OrderStatusChip, PaymentStatusChip } from './OrderStatusChip';

/**
 * The print layout: only the order itself. The site's header, navigation, footer, cookie
 * banner and this page's buttons are hidden; the order prints black on white.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          'header, footer, nav, .MuiSnackbar-root, [data-print="hide"], [aria-label="Cookie preferences"]':
            { display: 'none !important' },
          body: { background: '#fff' },
          main: { padding: '0 !important', maxWidth: 'none !important' },
          '[data-print="sheet"]': { boxShadow: 'none !important', border: 'none !important' },
        },
      }}
    />
  );
}

/** The link back to My Orders and the Print button (neither is printed). */
export function OrderDetailsActions() {
  return (
    <Stack direction="row" justifyContent="space-between" data-print="hide">
      <Button component={RouterLink} to={paths.account.orders} startIcon={<ArrowBack />}>
        Back to My Orders
      </Button>
      <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()}>
        Print
      </Button>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Stack>
  );
}

/** The line's ticket numbers whose money went back: void, out of the draw. */
function RefundedNumbers({ numbers }: { numbers: number[] }) {
  if (numbers.length === 0) return null;
  return (
    <Typography variant="body2" color="error" data-testid="refunded-numbers">
      Refunded, out of the draw: {numbers.join(', ')}
    </Typography>
  );
}

/**
 * Order details: number, date, status, payment, each item with its ticket numbers (those
 * refunded named, and any instant wins, with their payout choice), total and what came back.
 */
export function OrderDetails({
  order,
  highlightTicket = null,
}: {
  order: Order;
  highlightTicket?: number | null;
}) {
  return (
    <Paper data-print="sheet" sx={{ p: { xs: 2, md: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Order {order.orderNumber}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1.5, sm: 4 }}
          useFlexGap
          flexWrap="wrap"
        >
          <Fact label="Placed">{formatDateTime(order.createdAt)}</Fact>
          <Fact label="Status">
            <OrderStatusChip status={order.status} />
          </Fact>
          <Fact label="Payment">
            <Stack direction="row" spacing={1} alignItems="center">
              <PaymentStatusChip status={order.paymentStatus} />
              <span>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
            </Stack>
          </Fact>
        </Stack>
        <DataTable
          label="Items"
          paper={false}
          columns={[
            'Item',
            { label: 'Quantity', align: 'right' },
            { label: 'Unit price', align: 'right' },
            { label: 'Total', align: 'right' },
          ]}
        >
          {order.items.map((item) => (
            <TableRow key={item.raffleId} data-testid="order-item">
              <TableCell>
                <Typography fontWeight={600}>{item.name}</Typography>
                {item.bonusTickets && (
                  <Typography variant="body2">
                    Includes {item.bonusTickets} bonus{' '}
                    {item.bonusTickets === 1 ? 'ticket' : 'tickets'}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  Ticket numbers:{' '}
                  <span data-testid="ticket-numbers">
                    {item.ticketNumbers.map((n, i) => (
                      <span key={n}>
                        {i > 0 && ', '}
                        {n === highlightTicket ? <strong>{n}</strong> : n}
                      </span>
                    ))}
                  </span>
                </Typography>
                <RefundedNumbers numbers={refundedNumbers(order, item.raffleId)} />
                <InstantWins item={item} />
              </TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{formatPriceOrFree(item.unitPrice)}</TableCell>
              <TableCell align="right">
                {formatPriceOrFree(item.totalPrice)}
                {isBundled(order, item) && ' (bundle)'}
              </TableCell>
            </TableRow>
          ))}
          {order.promo && (
            <TableRow>
              <TableCell colSpan={4} data-testid="order-promo">
                {appliedPromoText(order.promo)}
              </TableCell>
            </TableRow>
          )}
          {orderSums(order).map(({ label, amount }, index) => (
            <TableRow key={label}>
              <TableCell colSpan={3}>
                <Typography fontWeight={index === 0 ? 700 : 400}>{label}</Typography>
              </TableCell>
              <TableCell align="right">
                <Typography
                  fontWeight={index === 0 ? 700 : 400}
                  data-testid={index === 0 ? 'order-total' : undefined}
                >
                  {amount}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Stack>
    </Paper>
  );
}
