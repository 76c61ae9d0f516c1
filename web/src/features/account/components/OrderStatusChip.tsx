import Chip from '@mui/material/Chip';

type Colour = 'info' | 'success' | 'error' | 'warning';

/** Order status colours: processing blue, completed green, cancelled red, other grey. */
const STATUS_COLOURS: Record<string, Colour> = {
  processing: 'info',
  completed: 'success',
  cancelled: 'error',
};

const PAYMENT_COLOURS: Record<string, Colour> = {
  paid: 'success',
  pending: 'warning',
  refunded: 'info',
  disputed: 'error',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Filled chips use each colour's dark shade where the main one is too light for white text
 * (MUI's info blue is 3.9:1; WCAG AA needs 4.5:1 for small text).
 */
export function OrderStatusChip({ status }: { status: string }) {
  const colour = STATUS_COLOURS[status];
  return (
    <Chip
      size="small"
      label={capitalised(status)}
      color={colour ?? 'default'}
      sx={colour === 'info' ? { bgcolor: 'info.dark' } : undefined}
      data-testid="order-status"
    />
  );
}

/** Payment status (paid, pending, other), outlined, its text in the dark shade. */
export function PaymentStatusChip({ status }: { status: string }) {
  const colour = PAYMENT_COLOURS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={`Payment: ${capitalised(status)}`}
      color={colour ?? 'default'}
      sx={colour ? { color: `${colour}.dark` } : undefined}
      data-testid="payment-status"
    />
  );
}
