/**
 * Bundles: a raffle may sell a number of tickets for less ("5 for £8"). A line of a cart is
 * priced at the cheapest mix of its raffle's bundles and single tickets, always on the server
 * (the shop shows the same figure from this module). No zod here: the shop window prices its
 * cards without loading the schemas. The rules a raffle's bundles must keep are in
 * bundleRules.ts, with the console's raffle form.
 */
import { formatPence, formatPriceOrFree, type Pence } from './money';

/** At most this many bundles per raffle. */
export const MAX_BUNDLES = 4;

/** A bundle as a raffle stores it: `tickets` tickets for `price` pence. */
export interface Bundle {
  tickets: number;
  price: Pence;
}

/** "5 for £8.00". */
export function bundleLabel(bundle: Bundle): string {
  return `${bundle.tickets} for ${formatPence(bundle.price)}`;
}

/** A line's price: how many of each bundle, how many single tickets, and the total. */
export interface LinePrice {
  total: Pence;
  /** The bundles used, largest first, each with how many times. */
  bundles: Array<Bundle & { count: number }>;
  singles: number;
  /** What the tickets cost one by one, less `total`. */
  saving: Pence;
}

/**
 * The knapsack behind `priceLine`: best[n] is the least n tickets cost (n = 0…quantity), and
 * choice[n] the index of the bundle that ends that mix (-1: a single ticket).
 */
function cheapest(ticketPrice: Pence, bundles: Bundle[], quantity: number) {
  const best = new Array<number>(quantity + 1).fill(0);
  const choice = new Array<number>(quantity + 1).fill(-1);
  for (let n = 1; n <= quantity; n += 1) {
    best[n] = best[n - 1]! + ticketPrice;
    bundles.forEach((bundle, index) => {
      if (bundle.tickets > n) return;
      const cost = best[n - bundle.tickets]! + bundle.price;
      if (cost < best[n]!) {
        best[n] = cost;
        choice[n] = index;
      }
    });
  }
  return { best, choice };
}

/**
 * The most one customer can be asked to pay for a raffle's tickets: the dearest of the
 * quantities up to `maxQuantity`, each priced as `priceLine` prices it (with bundles, fewer
 * tickets can cost more than more).
 */
export function mostPayable(ticketPrice: Pence, bundles: Bundle[], maxQuantity: number): Pence {
  return Math.max(0, ...cheapest(ticketPrice, bundles, Math.max(0, maxQuantity)).best);
}

/**
 * The cheapest price of `quantity` tickets from single tickets at `ticketPrice` and any number
 * of each bundle (a bundle that would hold more tickets than wanted is not used: nobody is
 * sold tickets they did not ask for). Exact, in integer pence: an unbounded knapsack over the
 * quantity, which a cart line keeps to 1,000.
 */
export function priceLine(ticketPrice: Pence, bundles: Bundle[], quantity: number): LinePrice {
  const listTotal = ticketPrice * quantity;
  const usable = bundles.filter((bundle) => bundle.tickets <= quantity);
  if (usable.length === 0 || quantity <= 0) {
    return { total: listTotal, bundles: [], singles: quantity, saving: 0 };
  }
  const { best, choice } = cheapest(ticketPrice, usable, quantity);
  const counts = new Map<number, number>();
  let singles = 0;
  for (let n = quantity; n > 0;) {
    const index = choice[n]!;
    if (index === -1) {
      singles += 1;
      n -= 1;
    } else {
      counts.set(index, (counts.get(index) ?? 0) + 1);
      n -= usable[index]!.tickets;
    }
  }
  const used = [...counts]
    .map(([index, count]) => ({ ...usable[index]!, count }))
    .sort((a, b) => b.tickets - a.tickets);
  const total = best[quantity]!;
  return { total, bundles: used, singles, saving: listTotal - total };
}

/**
 * Each ticket's share of a line's price in whole pence, summing to `total` exactly (the first
 * `total % quantity` tickets carry the odd pennies): what a refund of one ticket gives back.
 */
export function ticketShares(total: Pence, quantity: number): Pence[] {
  const base = Math.floor(total / quantity);
  const odd = total - base * quantity;
  return Array.from({ length: quantity }, (_, index) => base + (index < odd ? 1 : 0));
}

/**
 * An order line as a person reads it: "5 × £1.50"; what was paid when bundles or a promo code
 * made it less: "7 × £1.50, £9.00 with savings"; and tickets a code added: "5 × £1.50 + 2
 * bonus tickets".
 */
export function linePriceText(item: {
  quantity: number;
  unitPrice: Pence;
  totalPrice: Pence;
  bonusTickets?: number;
}): string {
  const bonus = item.bonusTickets ?? 0;
  const bought = item.quantity - bonus;
  const each = `${bought} × ${formatPriceOrFree(item.unitPrice)}`;
  const paid =
    item.totalPrice < item.unitPrice * bought
      ? `${each}, ${formatPence(item.totalPrice)} with savings`
      : each;
  return bonus > 0 ? `${paid} + ${bonus} bonus ${bonus === 1 ? 'ticket' : 'tickets'}` : paid;
}
