import { startOfUkMonth } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { checkPlayerProtection } from '../protection/protection';
import { promoForNewCheckout, refuseBelowCardMinimum } from '../promoCodes/promoCodes';
import { profileRef } from '../../lib/collections';
import { lineTotal, type PricedLine } from './loadCheckoutRaffles';
import { isShoppersOwn, pendingCheckoutsOf } from './sessions';

/**
 * The refusals a new checkout would meet once it has let the shopper's open ones go, asked
 * before they go, in the reservation's order: a promo code that does not apply, the
 * player-protection checks and a monthly limit the cart does not fit under, and a card payment
 * under the minimum, each worked out as if those checkouts were already gone (their code uses,
 * their sum and their account credit given back: promoForNewCheckout). A refusal here leaves
 * the earlier checkout and its payment page as they were. The reservation checks everything
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
  const [promo, open, profile] = await Promise.all([
    promoCode ? promoForNewCheckout(db, uid, promoCode, priced, now) : null,
    pendingCheckoutsOf(db, uid),
    profileRef(db, uid).get(),
  ]);
  const total = promo?.total ?? priced.reduce((sum, line) => sum + line.total, 0);
  const own = open.filter(isShoppersOwn);
  // The month's figure counts only checkouts made this month (monthSpending).
  const since = startOfUkMonth(now).getTime();
  const replacing = own
    .filter((session) => session.createdAt.getTime() >= since)
    .reduce((sum, session) => sum + session.amount + session.creditApplied, 0);
  await checkPlayerProtection(db, uid, total, now, replacing);
  const credit =
    Math.max(0, profile.data()?.accountCredit ?? 0) +
    own.reduce((sum, session) => sum + session.creditApplied, 0);
  refuseBelowCardMinimum(total, credit);
}
