/**
 * What came back of an order's money: the card refunds and account credit given back, and the
 * ticket numbers that went out of the draw with them. No zod here (types only), so the shop's
 * pages can say it without loading the schemas.
 */
import type { Order } from './collections/orders';
import { ticketId } from './collections/paths';
import { formatPence, formatPriceOrFree, type Pence } from './money';

type MoneyBackFields = Pick<Order, 'refunds' | 'ticketRefunds' | 'moneyBack'>;

/**
 * Whether money was taken for the order: such an order is a financial record and is never
 * deleted (the console offers no Delete for it; `deleteOrder` refuses it).
 */
export function tookPayment(order: Pick<Order, 'paymentStatus' | 'totalAmount'>): boolean {
  return order.paymentStatus === 'paid' && order.totalAmount > 0;
}

/**
 * The account credit an order has given back so far: with its cancelled raffles' refunds, its
 * refunded tickets, and when Stripe took the card's money back (`moneyBack`).
 */
export function creditGivenBack(order: MoneyBackFields): number {
  const refunds = [
    ...Object.values(order.refunds ?? {}),
    ...Object.values(order.ticketRefunds ?? {}),
  ];
  return (
    refunds.reduce((sum, refund) => sum + refund.creditReturned, 0) +
    (order.moneyBack?.creditReturned ?? 0)
  );
}

/**
 * The account credit an order used that may still come back: not given back yet (through a
 * cancellation, a refund of its tickets, or its money coming back through Stripe: a refund
 * made in Stripe's dashboard, a dispute, `moneyBack`), nor kept spent when its tickets went
 * void (`moneyBack.creditKept`: it paid for tickets in a draw, or the card's money that came
 * back covers them).
 */
export function creditNotGivenBack(order: MoneyBackFields & Pick<Order, 'creditApplied'>): number {
  return Math.max(
    0,
    order.creditApplied - creditGivenBack(order) - (order.moneyBack?.creditKept ?? 0),
  );
}

/**
 * The pence of an order's refunds that the shop pays back by hand, not to the card (no Stripe
 * payment on record for them): counted in `refundedAmount` like the card's.
 */
export function refundedByHand(order: MoneyBackFields): number {
  const refunds = [
    ...Object.values(order.refunds ?? {}),
    ...Object.values(order.ticketRefunds ?? {}),
    ...(order.moneyBack?.closed?.refund ? [order.moneyBack.closed.refund] : []),
  ];
  return refunds
    .filter((refund) => refund.provider === 'manual')
    .reduce((sum, refund) => sum + refund.amount, 0);
}

/**
 * The order's `spendReturned` once `card` more pence went back to its card and `credit` more
 * as account credit: never more than the order took of either. Every path that gives an
 * order's money back records it with this, in the transaction that records the money going.
 */
export function spendReturnedAfter(
  order: Pick<Order, 'totalAmount' | 'creditApplied' | 'spendReturned'>,
  card: number,
  credit: number,
): { card: number; credit: number } {
  const before = order.spendReturned ?? { card: 0, credit: 0 };
  return {
    card: Math.min(order.totalAmount, before.card + Math.max(0, card)),
    credit: Math.min(order.creditApplied, before.credit + Math.max(0, credit)),
  };
}

/**
 * The order's `refundedAmount` once a claim of `claimed` pence that Stripe refused is taken
 * back; never below what Stripe itself reported refunded (a refund made in its dashboard
 * meanwhile, often why it refused: `moneyBack`).
 */
export function refundedWithout(
  order: Pick<Order, 'refundedAmount' | 'moneyBack'>,
  claimed: number,
): number {
  const atStripe = order.moneyBack?.kind === 'refunded' ? order.moneyBack.amount : 0;
  return Math.max(atStripe, (order.refundedAmount ?? 0) - claimed, 0);
}

/**
 * The order's ticket numbers of `raffleId` whose money went back (refunded, its raffle
 * cancelled, or the whole payment refunded or disputed at Stripe): void, out of the draw.
 */
export function refundedNumbers(
  order: MoneyBackFields & { items: Array<{ raffleId: string; ticketNumbers: number[] }> },
  raffleId: string,
): number[] {
  const numbers = order.items.find((item) => item.raffleId === raffleId)?.ticketNumbers ?? [];
  if (order.moneyBack || order.refunds?.[raffleId]) return numbers;
  const ids = new Set(Object.values(order.ticketRefunds ?? {}).flatMap((r) => r.ticketIds));
  return numbers.filter((n) => ids.has(ticketId(raffleId, n)));
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
