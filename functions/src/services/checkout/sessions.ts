import {
  checkoutLocksCollection,
  checkoutSessionSchema,
  checkoutSessionsCollection,
  creditHeldBy,
  isShoppersOwn,
  parseDocument,
  type CheckoutSession,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../../lib/collections';

export const sessionRef = (db: Firestore, sessionId: string) =>
  db.collection(checkoutSessionsCollection).doc(sessionId);

/**
 * The customer's checkout lock (`checkoutLocks/{uid}`): each reservation that checks limits
 * moves it, and so does every stop (a play break, a ban, a lower limit) in its own transaction,
 * so a commit made on checks older than a stop fails (reserve.ts, a free claim's fulfilment).
 */
export const checkoutLockRef = (db: Firestore, uid: string) =>
  db.collection(checkoutLocksCollection).doc(uid);

export function readSession(snapshot: DocumentSnapshot): CheckoutSession | null {
  return snapshot.exists
    ? parseDocument(checkoutSessionSchema, snapshot.data(), snapshot.id)
    : null;
}

/**
 * Reservations in `status` whose hold ran out by `now`, at most `limit` (the schedule's work:
 * unpaid ones to release, free claims that stopped part-way to finish).
 */
export async function sessionsPastHold(
  db: Firestore,
  status: CheckoutSession['status'],
  now: Date,
  limit: number,
  provider?: CheckoutSession['provider'],
): Promise<CheckoutSession[]> {
  let query = db.collection(checkoutSessionsCollection).where('status', '==', status);
  if (provider) query = query.where('provider', '==', provider);
  const due = await query.where('expiresAt', '<=', now).limit(limit).get();
  return due.docs.map(readSession).filter((session) => session !== null);
}

/** The customer's pending checkouts: reserved, not yet paid, released or expired. */
export async function pendingCheckoutsOf(db: Firestore, uid: string): Promise<CheckoutSession[]> {
  const pending = await db
    .collection(checkoutSessionsCollection)
    .where('userId', '==', uid)
    .where('status', '==', 'pending')
    .get();
  return pending.docs.map(readSession).filter((session) => session !== null);
}

/** The shopper's own pending checkouts: those a new checkout of theirs replaces. */
export async function ownOpenCheckouts(db: Firestore, uid: string): Promise<CheckoutSession[]> {
  return (await pendingCheckoutsOf(db, uid)).filter(isShoppersOwn);
}

/**
 * What a new checkout of the shopper's replaces: their own unpaid checkouts (startCheckout
 * releases them before it reserves), and the account credit there will be once those have
 * given theirs back.
 */
export interface Replaced {
  open: CheckoutSession[];
  credit: number;
}

/**
 * Reads what a new checkout replaces: the account, with `alongside` (what else the checkouts
 * hold: a promo code's uses), before the checkouts themselves. A checkout committed between the
 * reads then gives back credit and a use that what was read had not yet lost: the figures can
 * only come out kinder than the reservation's, never harsher (it checks again).
 */
export async function readReplaced(
  db: Firestore,
  uid: string,
  alongside: Promise<unknown> = Promise.resolve(),
): Promise<Replaced> {
  const [profile] = await Promise.all([profileRef(db, uid).get(), alongside]);
  const open = await ownOpenCheckouts(db, uid);
  return { open, credit: Math.max(0, profile.data()?.accountCredit ?? 0) + creditHeldBy(open) };
}

/**
 * The paid checkouts for the raffle that are still being fulfilled: numbers issued, tickets or
 * order not all written yet (only for a moment, or until Stripe's retry after a failure).
 */
export async function fulfilmentsUnderWay(
  db: Firestore,
  raffleId: string,
): Promise<CheckoutSession[]> {
  const fulfilling = await db
    .collection(checkoutSessionsCollection)
    .where('status', '==', 'fulfilling')
    .get();
  return fulfilling.docs
    .map((doc) => readSession(doc))
    .filter((session): session is CheckoutSession =>
      Boolean(session?.items.some((item) => item.raffleId === raffleId)),
    );
}
