import {
  bundleLabel,
  priceLine,
  type LinePrice,
  type Order,
  type OrderItem,
  type Raffle,
} from '@rafflewin/domain';

/** What `quantity` tickets of the raffle cost, its bundles taken off (as the server charges). */
export function raffleLinePrice(
  raffle: Pick<Raffle, 'ticketPrice' | 'bundles'>,
  quantity: number,
): LinePrice {
  return priceLine(raffle.ticketPrice, raffle.bundles, quantity);
}

/** "Bundle: 1 × 5 for £6.00 + 2 single tickets"; null when no bundle applies. */
export function bundleBreakdown(line: LinePrice): string | null {
  if (line.bundles.length === 0) return null;
  const count = line.bundles.reduce((sum, bundle) => sum + bundle.count, 0);
  const parts = line.bundles.map((bundle) => `${bundle.count} × ${bundleLabel(bundle)}`);
  if (line.singles > 0) {
    parts.push(`${line.singles} single ${line.singles === 1 ? 'ticket' : 'tickets'}`);
  }
  return `${count === 1 ? 'Bundle' : 'Bundles'}: ${parts.join(' + ')}`;
}

/**
 * An order line paid for at less than its paid tickets one by one: a bundle applied. Not said
 * of an order with a promo code's discount, which is shared between its lines.
 */
export function isBundled(
  order: Pick<Order, 'promo'>,
  item: Pick<OrderItem, 'quantity' | 'unitPrice' | 'totalPrice' | 'bonusTickets'>,
): boolean {
  if ((order.promo?.discount ?? 0) > 0) return false;
  return item.totalPrice < item.unitPrice * (item.quantity - (item.bonusTickets ?? 0));
}
