import {
  ShopError,
  CREDIT_CARD_MONTHLY_CAP_PENCE,
  DEFAULT_PROTECTION,
  ACCESS_MESSAGES,
  ACCOUNT_MESSAGES,
  PROTECTION_MESSAGES,
  ageOn,
  isCalendarDate,
  ukToday,
  checkoutSessionsCollection,
  effectiveLimit,
  isOnBreak,
  ordersCollection,
  parseDocument,
  protectionPath,
  protectionSchema,
  startOfUkMonth,
  type Protection,
  withCarriedBreak,
  carriedSpend,
  type MonthSpendingOutput,
  type SelfExclusion,
} from '@rafflewin/domain';
import {
  AggregateField,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { profileRef, userSettingsRef } from '../../lib/collections';
import { carriedControls } from './selfExclusion';

/** A customer's protection settings from their document (defaults when none yet). */
export function protectionFrom(snapshot: DocumentSnapshot): Protection {
  if (!snapshot.exists) return { ...DEFAULT_PROTECTION };
  const { id: _id, ...protection } = parseDocument(protectionSchema, snapshot.data(), snapshot.id);
  return protection;
}

export async function readProtection(db: Firestore, uid: string): Promise<Protection> {
  return protectionFrom(await db.doc(protectionPath(uid)).get());
}

/**
 * The sum of `fields` less the sum of `less` over the query's documents: one aggregation per
 * field, as an aggregation of several fields counts only the documents that have them all (an
 * order nothing came back from has no `spendReturned`).
 */
async function sumOf(query: Query, fields: string[], less: string[] = []): Promise<number> {
  const sum = async (field: string) =>
    Number((await query.aggregate({ sum: AggregateField.sum(field) }).get()).data().sum) || 0;
  const [added, taken] = await Promise.all([
    Promise.all(fields.map(sum)),
    Promise.all(less.map(sum)),
  ]);
  const total = (sums: number[]) => sums.reduce((a, b) => a + b, 0);
  return total(added) - total(taken);
}

/**
 * The customer's checkouts made this month and neither an order yet nor released: their
 * tickets held and not yet paid, or paid and still being fulfilled (no order yet; after a
 * failed attempt, until Stripe's retry). A pending one counts even after its hold lapsed: a
 * payment made at the deadline is still honoured when its tickets are free, and a new checkout
 * releases the customer's unpaid ones first, so what it finds pending was paid or is being
 * paid. (An order counts in the month its checkout was made, so this month's checkouts only.)
 */
function openCheckouts(db: Firestore, uid: string, since: Date): Query {
  return db
    .collection(checkoutSessionsCollection)
    .where('userId', '==', uid)
    .where('status', 'in', ['pending', 'fulfilling'])
    .where('createdAt', '>=', since);
}

/**
 * What counts against the limit and the credit-card cap this calendar month (UK time; `only`
 * one of them reads just that one), with what a deleted account with the customer's address
 * spent this month (`carried`: see carriedControls), which counts as the account's.
 *
 * The limit counts the month's orders, less what of each came back (refunds, a cancelled
 * raffle's lines, a dispute: `spendReturned`), plus the checkouts still open, by card and by
 * account credit alike, as a checkout's own total is checked. Every order was paid when it was
 * made (`paymentStatus` changes only as money comes back), so a refunded or disputed one still
 * counts what did not come back: credit spent on a raffle already drawn stays spent. The cap
 * counts what was paid by a credit card, or by a card whose funding is unknown (it may be
 * credit), less what came back to the card, plus the open checkouts' card part (they may yet
 * be paid by credit card). Aggregation queries only (the open checkouts' card part read once
 * for both), whatever the number of orders.
 */
export async function monthSpending(
  db: Firestore,
  uid: string,
  carried: Pick<SelfExclusion, 'monthSpend'> | null,
  now: Date,
  only?: 'limit' | 'creditCard',
): Promise<MonthSpendingOutput> {
  const before = carriedSpend(carried, now);
  const since = startOfUkMonth(now);
  const orders = db
    .collection(ordersCollection)
    .where('userId', '==', uid)
    .where('createdAt', '>=', since);
  const open = openCheckouts(db, uid, since);
  const limit = only !== 'creditCard';
  const cap = only !== 'limit';
  const [openCard, openCredit, ordersKept, creditCardKept] = await Promise.all([
    sumOf(open, ['amount']),
    limit ? sumOf(open, ['creditApplied']) : 0,
    limit
      ? sumOf(
          orders,
          ['totalAmount', 'creditApplied'],
          ['spendReturned.card', 'spendReturned.credit'],
        )
      : 0,
    cap
      ? sumOf(
          orders.where('cardFunding', 'in', ['credit', 'unknown']),
          ['totalAmount'],
          ['spendReturned.card'],
        )
      : 0,
  ]);
  return {
    spent: before.total + (limit ? ordersKept + openCard + openCredit : 0),
    creditCard: before.creditCard + (cap ? creditCardKept + openCard : 0),
  };
}

const refuse = (message: string, reason: string) =>
  new ShopError('failed-precondition', message, reason);

/**
 * The limit in force and what the month holds against it (orders and open checkouts), when
 * the month is past it: a limit lowered after a checkout was opened under the old one. Null
 * when no limit is set or the month fits.
 */
export async function pastLimit(
  db: Firestore,
  uid: string,
  now: Date,
): Promise<{ limit: number; spent: number } | null> {
  const [own, profile] = await Promise.all([readProtection(db, uid), profileRef(db, uid).get()]);
  const carried = await carriedControls(db, profile.data()?.email);
  const limit = effectiveLimit(withCarriedBreak(own, carried), now);
  if (limit === null) return null;
  const { spent } = await monthSpending(db, uid, carried, now, 'limit');
  return spent > limit ? { limit, spent } : null;
}

/**
 * The player-protection checks of every checkout: no checkout during a play break; 18 or over
 * by the date of birth on the profile; a paid checkout needs a monthly limit chosen and must
 * fit under it. Answers how much of this checkout may go on a credit card. `replacing`: what
 * of the month's open checkouts this one will replace (released before it reserves), left out
 * of the month's figure for a check made before they go; asked after that figure is read, so
 * that a checkout committed meanwhile is left out if it was counted.
 */
export async function checkPlayerProtection(
  db: Firestore,
  uid: string,
  amount: number,
  now: Date,
  replacing: () => Promise<number> = () => Promise.resolve(0),
): Promise<{ creditCardAllowance: number | null }> {
  const [own, profile] = await Promise.all([readProtection(db, uid), profileRef(db, uid).get()]);
  // The ban is checked again here, inside the reservation's retries: one that came after the
  // caller's first check moved the checkout lock (setBanned).
  if (profile.data()?.banned === true) {
    throw new ShopError('permission-denied', ACCESS_MESSAGES.banned);
  }
  // Likewise an account being deleted (deleteAccount moves the lock as it marks it).
  if (profile.data()?.deleting === true) {
    throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.beingDeleted, 'being-deleted');
  }
  const carried = await carriedControls(db, profile.data()?.email);
  const protection = withCarriedBreak(own, carried);
  refuseOnBreak(protection, now);
  const dateOfBirth = profile.data()?.dateOfBirth;
  if (!dateOfBirth) throw refuse(PROTECTION_MESSAGES.dateOfBirthRequired, 'date-of-birth');
  if (!isCalendarDate(dateOfBirth) || ageOn(dateOfBirth, ukToday(now)) < 18) {
    throw refuse(PROTECTION_MESSAGES.underAge, 'under-age');
  }
  if (amount === 0) return { creditCardAllowance: 0 };

  if (!protection.limitChosenAt) {
    throw refuse(PROTECTION_MESSAGES.limitRequired, 'spend-limit-required');
  }
  const limit = effectiveLimit(protection, now);
  // Both figures in one pass (no limit: the cap's alone).
  const month = await monthSpending(
    db,
    uid,
    carried,
    now,
    limit === null ? 'creditCard' : undefined,
  );
  const spent = limit === null ? month.spent : month.spent - (await replacing());
  if (limit !== null && spent + amount > limit) {
    throw refuse(PROTECTION_MESSAGES.overLimit(limit, Math.max(0, limit - spent)), 'spend-limit');
  }
  return { creditCardAllowance: Math.max(0, CREDIT_CARD_MONTHLY_CAP_PENCE - month.creditCard) };
}

/** The customer's protection with a break kept from a deleted account at the same address. */
export async function withBreakCarried(
  db: Firestore,
  own: Protection,
  email: string | null | undefined,
) {
  return withCarriedBreak(own, await carriedControls(db, email));
}

/** Refuses a customer on a play break, for good or until a date (the customer's words). */
function refuseOnBreak(protection: Protection, now: Date): void {
  if (protection.breakPermanent) throw refuse(PROTECTION_MESSAGES.onPermanentBreak, 'play-break');
  if (isOnBreak(protection, now) && protection.breakUntil) {
    throw refuse(PROTECTION_MESSAGES.onBreak(protection.breakUntil), 'play-break');
  }
}

/**
 * True when the date of birth on record says the customer is under 18 today (UK calendar).
 * Checkout also asks for one; an administrator's entry or a postcard, which may come from
 * someone without one on record, is refused only for a known minor.
 */
export function knownUnderAge(dateOfBirth: string | null | undefined, now: Date): boolean {
  return (
    typeof dateOfBirth === 'string' &&
    isCalendarDate(dateOfBirth) &&
    ageOn(dateOfBirth, ukToday(now)) < 18
  );
}

/** Why an account may not be given tickets outside its own checkout. */
export type EntryBar = 'deleting' | 'banned' | 'onBreak' | 'underAge';

/**
 * Why an administrator's tickets or a postcard may not go to this account now, or null: it is
 * being deleted (nothing may start for it once its profile is marked), suspended, on a play break (its own, or one kept from a deleted account with the same
 * address), or under 18 by the date of birth on record. `email` stands in for an address the
 * profile lacks. Given a transaction, the profile and the protection settings are read in it,
 * so a ban or a break that commits meanwhile makes the transaction run again.
 */
export async function entryBar(
  db: Firestore,
  uid: string,
  now: Date,
  { tx, email }: { tx?: Transaction; email?: string } = {},
): Promise<EntryBar | null> {
  const read = <T>(ref: DocumentReference<T>) => (tx ? tx.get(ref) : ref.get());
  const [profileSnap, own] = await Promise.all([
    read(profileRef(db, uid)),
    read(db.doc(protectionPath(uid))),
  ]);
  const profile = profileSnap.data();
  if (profile?.deleting === true) return 'deleting';
  if (profile?.banned === true) return 'banned';
  if (isOnBreak(await withBreakCarried(db, protectionFrom(own), profile?.email ?? email), now)) {
    return 'onBreak';
  }
  return knownUnderAge(profile?.dateOfBirth, now) ? 'underAge' : null;
}

/**
 * Whether a customer may be sent marketing e-mail now: they opted in, are not banned, not on a
 * play break and not under 18 by the date of birth on record. Every marketing send must ask
 * this first (or filter as `recipientsFrom` does, in bulk).
 */
export async function mayReceiveMarketing(db: Firestore, uid: string, now = new Date()) {
  const [own, settings, profile] = await Promise.all([
    readProtection(db, uid),
    userSettingsRef(db, uid).get(),
    profileRef(db, uid).get(),
  ]);
  const protection = withCarriedBreak(own, await carriedControls(db, profile.data()?.email));
  return (
    settings.data()?.marketingEmails === true &&
    profile.data()?.banned !== true &&
    !knownUnderAge(profile.data()?.dateOfBirth, now) &&
    !protection.breakPermanent &&
    !isOnBreak(protection, now)
  );
}
