import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CART_MESSAGES,
  addableTickets,
  closedToCheckout,
  formatPence,
  formatPriceOrFree,
  type CartItem,
  type Raffle,
  offersNumberPicking,
} from '@rafflewin/domain';
import { Suspense, useMemo } from 'react';
import { useClockAt } from '@/hooks/useClockAt';
import { ImageOrPlaceholder } from '@/components/ImageOrPlaceholder';
import { useOwnedTickets } from '@/hooks/useOwnedTickets';
import { bundleBreakdown, raffleLinePrice } from '@/lib/linePrice';
import { lazyExport } from '@/lib/lazyExport';
import { picksFor } from '@/lib/picks';

export interface CartLinesProps {
  items: CartItem[];
  raffles: Map<string, Raffle>;
  loading: boolean;
  /** The time the lines are judged at: the page's useCartClock, which its total uses too. */
  now: Date;
  /** The signed-in customer, whose tickets count against each line's limit. */
  uid?: string | null;
  /** Without these the lines are read-only (checkout's summary). */
  onQuantity?: (raffleId: string, quantity: number) => void;
  onRemove?: (raffleId: string) => void;
}

/** The line's raffle when it can be checked out now (on sale, not ended, drawn or sold). */
function onSale(raffles: Map<string, Raffle>, item: CartItem, now: Date): Raffle | null {
  const raffle = raffles.get(item.raffleId);
  return raffle && !closedToCheckout(raffle, now) ? raffle : null;
}

/**
 * The time the cart's lines are judged at, refreshed as each of their raffles ends: a line
 * whose raffle closes while the page is open leaves the total and the checkout then, rather
 * than when the server refuses it.
 */
export function useCartClock(raffles: Map<string, Raffle>): Date {
  const ends = useMemo(
    () => [...raffles.values()].map((raffle) => raffle.endDate.getTime()),
    [raffles],
  );
  return useClockAt(ends);
}

/**
 * What the cart adds up to once its raffles are read (the lines that can be checked out, and
 * how many cannot): null while any is still loading.
 */
export function cartSummary(
  items: CartItem[],
  raffles: Map<string, Raffle>,
  loading: boolean,
  now = new Date(),
): { total: number; unavailable: number } | null {
  if (loading) return null;
  return {
    total: items.reduce((sum, item) => {
      const raffle = onSale(raffles, item, now);
      return sum + (raffle ? raffleLinePrice(raffle, item.quantity).total : 0);
    }, 0),
    unavailable: items.filter((item) => !onSale(raffles, item, now)).length,
  };
}

// Loaded for lines with picked numbers only: their wording comes with the pool's schemas (and
// zod), which the cart page's first load does without.
const LineNumbers = lazyExport(() => import('./LineNumbers'), 'LineNumbers');

interface CartLineProps extends Pick<CartLinesProps, 'onQuantity' | 'onRemove'> {
  item: CartItem;
  raffle: Raffle | undefined;
  loading: boolean;
  now: Date;
  /** Whose tickets count against the per-user limit (editable lines of a signed-in cart). */
  uid: string | null;
}

/**
 * One line. Its "+" stops at what the customer may still have: the per-user limit less the
 * tickets they own, within the tickets left (and waits until both have arrived); owning some,
 * the line says how many more.
 */
function CartLine({ item, raffle, loading, now, uid, onQuantity, onRemove }: CartLineProps) {
  const { owned, loading: limitsLoading } = useOwnedTickets(item.raffleId, onQuantity ? uid : null);
  // Ended, drawn or sold since it was added: named, priced at nothing, and not checked out.
  const closed = raffle ? closedToCheckout(raffle, now) : null;
  const most = raffle ? addableTickets(raffle, owned, 0) : 0;
  const price = raffle && !closed ? raffleLinePrice(raffle, item.quantity) : null;
  const bundled = price && bundleBreakdown(price);
  const picks =
    raffle && offersNumberPicking(raffle) ? picksFor(item.raffleId).slice(0, item.quantity) : [];
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      flexWrap="wrap"
      alignItems="center"
      data-testid="cart-line"
    >
      <ImageOrPlaceholder
        src={raffle?.imageUrl}
        alt=""
        sx={{ width: 96, height: 60, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
      />
      {/* On a phone the name fills the first row and the controls wrap below it. */}
      <Box sx={{ flexGrow: 1, minWidth: 0, flexBasis: { xs: 'calc(100% - 112px)', sm: 0 } }}>
        <Typography fontWeight={600}>
          {raffle?.name ??
            (loading ? <Skeleton width="60%" aria-label="Loading" /> : CART_MESSAGES.unavailable)}
        </Typography>
        {raffle && !closed && (
          <Typography variant="body2" color="text.secondary">
            {formatPriceOrFree(raffle.ticketPrice)} per ticket
          </Typography>
        )}
        {closed && (
          <Typography variant="body2" color="error" data-testid="line-closed">
            {closed}
          </Typography>
        )}
        {bundled && (
          <Typography variant="body2" color="success.main" data-testid="line-bundles">
            {bundled}
          </Typography>
        )}
        {owned > 0 && raffle && !closed && (
          <Typography
            variant="body2"
            color={item.quantity > most ? 'error' : 'text.secondary'}
            data-testid="line-owned"
          >
            {CART_MESSAGES.alreadyOwned(owned, most)}
          </Typography>
        )}
        {picks.length > 0 && (
          <Suspense fallback={null}>
            <LineNumbers picks={picks} quantity={item.quantity} />
          </Suspense>
        )}
      </Box>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ ml: 'auto' }}>
        <Stack direction="row" alignItems="center">
          {onQuantity && (
            <IconButton
              aria-label={`Fewer tickets for ${raffle?.name ?? 'this raffle'}`}
              onClick={() => onQuantity(item.raffleId, item.quantity - 1)}
              disabled={item.quantity <= 1}
            >
              <Remove />
            </IconButton>
          )}
          <Typography sx={{ minWidth: 32, textAlign: 'center' }} data-testid="line-quantity">
            {onQuantity ? item.quantity : `× ${item.quantity}`}
          </Typography>
          {onQuantity && (
            <IconButton
              aria-label={`More tickets for ${raffle?.name ?? 'this raffle'}`}
              onClick={() => onQuantity(item.raffleId, item.quantity + 1)}
              disabled={
                loading || limitsLoading || !raffle || Boolean(closed) || item.quantity >= most
              }
            >
              <Add />
            </IconButton>
          )}
        </Stack>
        <Typography sx={{ minWidth: 72, textAlign: 'right' }} fontWeight={600}>
          {price ? formatPriceOrFree(price.total) : ''}
        </Typography>
        {onRemove && (
          <IconButton
            aria-label={`Remove ${raffle?.name ?? 'this raffle'}`}
            onClick={() => onRemove(item.raffleId)}
          >
            <DeleteOutline />
          </IconButton>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The cart's lines with quantities, per-line subtotals (FREE at £0; a line's bundles taken off
 * and named, as the server charges it) and the total. While the raffles load nothing is claimed
 * about them (no "no longer available", no £0.00 total).
 */
export function CartLines({
  items,
  raffles,
  loading,
  now,
  uid = null,
  onQuantity,
  onRemove,
}: CartLinesProps) {
  const summary = cartSummary(items, raffles, loading, now);
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {items.map((item) => (
        <CartLine
          key={item.raffleId}
          item={item}
          raffle={raffles.get(item.raffleId)}
          loading={loading}
          now={now}
          uid={uid}
          onQuantity={onQuantity}
          onRemove={onRemove}
        />
      ))}
      <Stack direction="row" justifyContent="space-between" alignItems="baseline">
        <Typography variant="h6">Total</Typography>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="h6" data-testid="cart-total">
            {summary ? (
              formatPence(summary.total)
            ) : (
              <Skeleton width={72} aria-label="Loading total" />
            )}
          </Typography>
          {summary && summary.total === 0 && summary.unavailable === 0 && items.length > 0 && (
            <Typography variant="body2" color="success.main">
              Free entry - no payment required
            </Typography>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
