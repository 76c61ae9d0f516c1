/**
 * Bundles: a raffle may sell a number of tickets for less ("5 for £8"). A line of a cart is
 * priced at the cheapest mix of its raffle's bundles and single tickets, always on the server
 * (the shop shows the same figure from this module). No zod here: the shop window prices its
 * cards without loading the schemas.
 */
import { formatPence, formatPriceOrFree, type Pence } from './money';
import { creditGivenBack, refundedByHand } from './orderMoney';

/** At most this many bundles per raffle. */
export const MAX_BUNDLES = 4;

/** A bundle as a raffle stores it: `tickets` tickets for `price` pence. */
export interface Bundle {
  tickets: number;
  price: Pence;
}

/** The raffle form's and the callable's messages about bundles. */
export const BUNDLE_MESSAGES = {
  tooMany: `A raffle has at most ${MAX_BUNDLES} bundles`,
  ticketsMin: 'A bundle has at least 2 tickets',
  priceInvalid: 'Enter the bundle price such as 8.00',
  notCheaper: 'A bundle must cost less than its tickets bought one by one',
  overPerUser: 'A bundle cannot hold more tickets than one person may buy',
  duplicate: 'Each bundle needs a different number of tickets',
  freeNone: 'Free raffles have no bundles',
} as const;

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

/** The bundle rules against the raffle's price and limit; the first broken rule's message. */
export function bundleProblem(
  bundles: Bundle[],
  raffle: { ticketPrice: Pence; maxTicketsPerUser: number },
): BundleProblem | null {
  if (bundles.length > MAX_BUNDLES) {
    return { index: MAX_BUNDLES, field: 'tickets', message: BUNDLE_MESSAGES.tooMany };
  }
  const seen = new Set<number>();
  for (const [index, bundle] of bundles.entries()) {
    const fail = (field: BundleProblem['field'], message: string) => ({ index, field, message });
    if (raffle.ticketPrice === 0) return fail('tickets', BUNDLE_MESSAGES.freeNone);
    if (bundle.tickets < 2) return fail('tickets', BUNDLE_MESSAGES.ticketsMin);
    if (bundle.tickets > raffle.maxTicketsPerUser)
      return fail('tickets', BUNDLE_MESSAGES.overPerUser);
    if (seen.has(bundle.tickets)) return fail('tickets', BUNDLE_MESSAGES.duplicate);
    seen.add(bundle.tickets);
    if (bundle.price <= 0) return fail('price', BUNDLE_MESSAGES.priceInvalid);
    if (bundle.price >= bundle.tickets * raffle.ticketPrice) {
      return fail('price', BUNDLE_MESSAGES.notCheaper);
    }
  }
  return null;
}

/** Which bundle breaks which rule. */
export interface BundleProblem {
  index: number;
  field: 'tickets' | 'price';
  message: string;
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

/** One line of an order's sums: what it says and its amount. */
export interface OrderSum {
  label: string;
  amount: string;
}

/** What an order's lines cost (bundles and a promo code taken off), however it was paid. */
export function orderCost(order: { items: Array<{ totalPrice: Pence }> }): Pence {
  return order.items.reduce((sum, item) => sum + item.totalPrice, 0);
}

/**
 * What an order cost and how it was paid, under its lines: the total of the lines' prices
 * (bundles and a promo code already taken off; FREE when nothing), then, when account credit
 * paid part or all of it, the credit and what the card paid (the order's `totalAmount`); last,
 * what has come back of it: refunded to the card, refunded by the shop another way (no card
 * payment on record), and account credit returned.
 */
export function orderSums(
  order: {
    items: Array<{ totalPrice: Pence }>;
    totalAmount: Pence;
    creditApplied: Pence;
    refundedAmount?: Pence;
  } & Parameters<typeof creditGivenBack>[0],
): OrderSum[] {
  const total = { label: 'Total', amount: formatPriceOrFree(orderCost(order)) };
  const paid =
    order.creditApplied <= 0
      ? [total]
      : [
          total,
          { label: 'Account credit', amount: `−${formatPence(order.creditApplied)}` },
          { label: 'Paid by card', amount: formatPence(order.totalAmount) },
        ];
  const byHand = refundedByHand(order);
  const toCard = (order.refundedAmount ?? 0) - byHand;
  const credit = creditGivenBack(order);
  return [
    ...paid,
    ...(toCard > 0 ? [{ label: 'Refunded to card', amount: `−${formatPence(toCard)}` }] : []),
    // No card payment on record for these: the shop pays them back another way.
    ...(byHand > 0 ? [{ label: 'Refunded to you', amount: `−${formatPence(byHand)}` }] : []),
    ...(credit > 0
      ? [{ label: 'Account credit returned', amount: `−${formatPence(credit)}` }]
      : []),
  ];
}
