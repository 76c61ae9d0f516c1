import { refuseBelowCardMinimum, startOfUkMonth } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { checkPlayerProtection } from '../protection/protection';
import { promoAfterReplacing, readPromo } from '../promoCodes/promoCodes';
import { lineTotal, type PricedLine } from './loadCheckoutRaffles';
import { readReplaced } from './sessions';

/**
 * The refusals a new checkout would meet once it has let the shopper's open ones go, asked
 * before they go, in the reservation's order: a promo code that does not apply, the
 * player-protection checks and a monthly limit the cart does not fit under, and a card payment
 * under the minimum, each worked out as if those checkouts were already gone (their code uses,
 * their sum and their account credit given back). A refusal here leaves the earlier checkout
 * and its payment page as they were. The reservation checks everything
 * again (reserve.ts); what only it can tell (tickets sold out, a per-person maximum) still
 * comes after the release.
 */
export async function refuseBeforeReplacing(
  db: Firestore,
  uid: string,
  lines: PricedLine[],
  promoCode: string | undefined,
  now: Date,
): Promise<void> {
  const priced = lines.map((line) => ({ raffleId: line.raffle.id, total: lineTotal(line) }));
  const [promo, replaced] = await Promise.all([
    promoCode ? readPromo(db, promoCode, uid) : null,
    readReplaced(db, uid),
  ]);
  const total = promo
    ? promoAfterReplacing(promo, replaced, priced, now).total
    : priced.reduce((sum, line) => sum + line.total, 0);
  // The month's figure counts only checkouts made this month (monthSpending).
  const since = startOfUkMonth(now).getTime();
  const replacing = replaced.open
    .filter((session) => session.createdAt.getTime() >= since)
    .reduce((sum, session) => sum + session.amount + session.creditApplied, 0);
  await checkPlayerProtection(db, uid, total, now, replacing);
  refuseBelowCardMinimum(total, replaced.credit);
}
