import {
  activeHeld,
  promoCodePath,
  promoCustomerPath,
  pruneHolds,
  shardsPath,
  userPath,
  type CheckoutReleaseReason,
  type CheckoutSession,
  type CheckoutStatus,
  isShoppersOwn,
} from '@rafflewin/domain';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { holderRef, readHolder, readShard, shardRef } from '../pool/shards';
import { closeReleasedPage, closeStripeCheckout } from '../payments/refundPayment';
import {
  checkoutLockRef,
  pendingCheckoutsOf,
  readSession,
  sessionRef,
  sessionsPastHold,
} from './sessions';

/**
 * Gives a pending reservation's tickets back to the pool (and any account credit it took back
 * to the customer). A reservation that was already fulfilled (or released) is left alone, so a
 * late `checkout.session.expired` releases nothing. Answers the reservation as the release
 * found it (its Stripe page included), or null when there was nothing to release.
 */
export async function releaseReservation(
  db: Firestore,
  sessionId: string,
  status: Extract<CheckoutStatus, 'expired' | 'cancelled'>,
  now = new Date(),
): Promise<CheckoutSession | null> {
  return db.runTransaction(async (tx) => {
    const ref = sessionRef(db, sessionId);
    const session = readSession(await tx.get(ref));
    if (!session || session.status !== 'pending') return null;
    const shardRefs = session.allocation.map((a) => shardRef(db, a.raffleId, a.shard));
    const holderRefs = session.items.map((item) => holderRef(db, item.raffleId, session.userId));
    // One read for all, so locks are taken together (no deadlock with other buyers).
    const snapshots = await tx.getAll(...shardRefs, ...holderRefs);
    const shards = snapshots.slice(0, shardRefs.length);
    const holders = snapshots.slice(shardRefs.length);
    shards.forEach((snap) => {
      const holds = { ...readShard(snap).holds };
      delete holds[sessionId];
      tx.update(snap.ref, { holds: pruneHolds(holds, now) });
    });
    holders.forEach((snap) => {
      if (!snap.exists) return;
      const holder = readHolder(snap);
      const holds = { ...holder.holds };
      delete holds[sessionId];
      tx.set(snap.ref, { owned: holder.owned, holds: pruneHolds(holds, now) });
    });
    // The promo code's use comes back, to the code and to the customer.
    if (session.promo) {
      const giveBack = { uses: FieldValue.increment(-1) };
      tx.set(db.doc(promoCodePath(session.promo.code)), giveBack, { merge: true });
      tx.set(db.doc(promoCustomerPath(session.promo.code, session.userId)), giveBack, {
        merge: true,
      });
    }
    if (session.creditApplied > 0) {
      tx.update(db.doc(userPath(session.userId)), {
        accountCredit: FieldValue.increment(session.creditApplied),
      });
    }
    tx.update(ref, { status });
    return session;
  });
}

/** Releases reservations whose time ran out (run on a schedule). Returns how many. */
export async function expireReservations(db: Firestore, now = new Date(), limit = 200) {
  const due = await sessionsPastHold(db, 'pending', now, limit);
  const released = await Promise.all(
    due.map((session) => releaseReservation(db, session.id, 'expired', now)),
  );
  return released.filter(Boolean).length;
}

/**
 * Moves the customer's checkout lock (checkoutLocks/{uid}, reserve.ts), in the transaction that
 * records what stops their checkouts (a play break, a ban): a reservation whose checks ran
 * before it and commits after it fails and checks again, so none slips past the stop, and
 * releaseOpenCheckouts, called after it, sees every one that committed before.
 */
export function moveCheckoutLock(tx: Transaction, db: Firestore, uid: string, now: Date): void {
  tx.set(checkoutLockRef(db, uid), { lastReservation: null, at: now });
}

/**
 * Closes the customer's unpaid Stripe pages and releases their pending reservations (a ban, a
 * play break): nothing more can be paid for. A page paid before it could be closed is left to
 * its webhook (the payment was made before the account was stopped). A page Stripe cannot
 * confirm closed (an outage) is released all the same: the stop does not wait for Stripe, and a
 * payment made on it after is refunded by the webhook (CHECKOUT_MESSAGES.closedPaymentRefunded).
 * `only` narrows it to some of them (a voided instant win brings home the site credit parked in
 * unpaid checkouts).
 */
export async function releaseOpenCheckouts(
  db: Firestore,
  uid: string,
  releasedFor: CheckoutReleaseReason,
  now = new Date(),
  only: (session: CheckoutSession) => boolean = () => true,
) {
  for (const session of (await pendingCheckoutsOf(db, uid)).filter(only)) {
    await closeAndRelease(db, session, now, { evenIfOpen: true, releasedFor });
  }
}

/** Checkouts released at once by an administrator's stop (each a Stripe call and a transaction). */
const RELEASES_AT_ONCE = 8;

/**
 * Closes the pages of the pending checkouts `sessionIds` (those `only` keeps) and releases
 * them, as a stop does, several at a time: a raffle with hundreds open is done within the
 * callable's time. Those that fail (releases of one raffle contend for its pool) are tried
 * once more one by one; one that fails again is logged for a person and does not stop the
 * others, as the stop itself is saved (doing it again releases what is left).
 */
async function releaseStopped(
  db: Firestore,
  sessionIds: string[],
  now: Date,
  reason: CheckoutReleaseReason,
  only: (session: CheckoutSession) => boolean = () => true,
): Promise<void> {
  const release = async (sessionId: string) => {
    const session = readSession(await sessionRef(db, sessionId).get());
    if (session?.status === 'pending' && only(session)) {
      await closeAndRelease(db, session, now, { evenIfOpen: true, releasedFor: reason });
    }
  };
  const queue = [...sessionIds];
  const failed: string[] = [];
  const worker = async () => {
    for (let sessionId = queue.shift(); sessionId; sessionId = queue.shift()) {
      await release(sessionId).catch(() => failed.push(sessionId!));
    }
  };
  await Promise.all(Array.from({ length: RELEASES_AT_ONCE }, worker));
  for (const sessionId of failed) {
    await release(sessionId).catch((error: unknown) =>
      logger.error('Checkout not released after a stop', {
        reason,
        sessionId,
        ...errorFields(error),
      }),
    );
  }
}

/** The checkouts holding tickets of `raffleId`, by the holds in its pool. */
async function checkoutsHolding(db: Firestore, raffleId: string): Promise<string[]> {
  const shards = await db.collection(shardsPath(raffleId)).get();
  return [...new Set(shards.docs.flatMap((shard) => Object.keys(readShard(shard).holds)))];
}

/**
 * Releases every shopper's pending checkout that holds tickets of `raffleId` (its page closed
 * first, as a stop does): the raffle was switched off, so a page left open must not sell its
 * tickets afterwards. A page paid before it could be closed is honoured, as paid before the
 * switch.
 */
export async function releaseCheckoutsHolding(db: Firestore, raffleId: string, now = new Date()) {
  await releaseStopped(db, await checkoutsHolding(db, raffleId), now, 'raffleOff');
}

/**
 * Releases the shoppers' pending checkouts of `raffleId` that a lowered per-person maximum
 * (`max`) no longer allows: those of each customer whose tickets owned and held come to more
 * than it (their pages closed first, as a stop does). What they already own stays theirs; an
 * administrator's entry for the customer is left to complete. A checkout being reserved as the
 * maximum changes starts again on the new one (termsChanged). Reads nothing more when no
 * checkout holds the raffle's tickets.
 */
export async function releaseCheckoutsPastMax(
  db: Firestore,
  raffleId: string,
  max: number,
  now = new Date(),
) {
  const held = await checkoutsHolding(db, raffleId);
  if (held.length === 0) return;
  const sessions = await db.getAll(...held.map((sessionId) => sessionRef(db, sessionId)));
  const owners = new Map<string, string[]>();
  for (const session of sessions.map(readSession)) {
    if (session?.status !== 'pending' || !isShoppersOwn(session)) continue;
    owners.set(session.userId, [...(owners.get(session.userId) ?? []), session.id]);
  }
  if (owners.size === 0) return;
  const uids = [...owners.keys()];
  const holders = await db.getAll(...uids.map((uid) => holderRef(db, raffleId, uid)));
  const past = uids.filter((_, i) => {
    const holder = readHolder(holders[i]!);
    return holder.owned + activeHeld(holder.holds, now) > max;
  });
  await releaseStopped(
    db,
    past.flatMap((uid) => owners.get(uid)!),
    now,
    'maximumLowered',
    isShoppersOwn,
  );
}

/**
 * Closes a pending reservation's Stripe page, then releases the reservation (`cancelled`). A
 * page paid before it could be closed is left to its webhook (`paid`); one Stripe cannot confirm
 * closed (an outage) throws before anything is released, unless `evenIfOpen` (a stop). A page
 * recorded after `session` was read (its checkout was still opening, in another tab) is closed
 * after the release: once released, a checkout records no page (createStripeCheckout).
 * A stop's reason (`releasedFor`) is recorded on the pending reservation before its page is
 * closed: Stripe's "expired" event for the closed page may release it first, and the shopper
 * back from the page is told why all the same.
 */
export async function closeAndRelease(
  db: Firestore,
  session: CheckoutSession,
  now = new Date(),
  {
    evenIfOpen = false,
    releasedFor = null,
  }: { evenIfOpen?: boolean; releasedFor?: CheckoutReleaseReason | null } = {},
): Promise<'paid' | 'released' | 'unchanged'> {
  if (releasedFor) await markReleasedFor(db, session.id, releasedFor);
  if (session.provider === 'stripe') {
    const closing = closeStripeCheckout(session.stripeSessionId);
    const page = await (evenIfOpen ? closing.catch(() => 'unconfirmed' as const) : closing);
    if (page === 'paid') return 'paid';
  }
  const released = await releaseReservation(db, session.id, 'cancelled', now);
  await closeRecordedSince(session, released);
  return released ? 'released' : 'unchanged';
}

/** Records why a stop releases a checkout, while it is still pending. */
async function markReleasedFor(
  db: Firestore,
  sessionId: string,
  releasedFor: CheckoutReleaseReason,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = sessionRef(db, sessionId);
    if (readSession(await tx.get(ref))?.status === 'pending') tx.update(ref, { releasedFor });
  });
}

/** Closes the page a released reservation recorded after `seen` was read, if any. */
export async function closeRecordedSince(
  seen: Pick<CheckoutSession, 'stripeSessionId'> | null,
  released: CheckoutSession | null,
): Promise<void> {
  const recorded = released?.stripeSessionId ?? null;
  if (recorded && recorded !== (seen?.stripeSessionId ?? null)) await closeReleasedPage(recorded);
}
