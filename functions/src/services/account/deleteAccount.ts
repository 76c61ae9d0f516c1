import {
  ShopError,
  ACCOUNT_MESSAGES,
  DELETED_USER_ID,
  DELETED_USER_NAME,
  auditLogCollection,
  drawsCollection,
  emailChangesCollection,
  winnersCollection,
  cartsCollection,
  checkoutLocksCollection,
  checkoutSessionsCollection,
  devicesPath,
  holdersPath,
  instantWinsCollection,
  mailCollection,
  ordersCollection,
  pendingDeletionsCollection,
  rateLimitsCollection,
  stripeCustomersCollection,
  playerProtectionCollection,
  postalCreditsCollection,
  postalEntriesCollection,
  promoCustomerPath,
  supportTicketsCollection,
  twoFactorSecretsCollection,
  passwordSetsCollection,
  savedRafflesPath,
  userPath,
  usernamesCollection,
  type CheckoutSession,
} from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { hasCode } from '../../lib/errorCode';
import { sha256Hex } from '../../lib/hash';
import type { Auth } from 'firebase-admin/auth';
import type {
  DocumentData,
  DocumentReference,
  Firestore,
  Query,
  QueryDocumentSnapshot,
  QuerySnapshot,
  WriteBatch,
} from 'firebase-admin/firestore';
import { closeRecordedSince, moveCheckoutLock, releaseReservation } from '../checkout/release';
import { supportMessageLimitKey } from '../support/reply';
import { readSession } from '../checkout/sessions';
import { endSessions } from './session';
import { deleteStripeCustomer, stripeCustomerOf } from './stripeCards';
import { closeStripeCheckout } from '../payments/refundPayment';
import { stripeEnabled } from '../payments/stripe';
import { entriesRef, profileRef, ticketsRef } from '../../lib/collections';
import { monthSpending, readProtection } from '../protection/protection';
import { carryControlsPastDeletion } from '../protection/selfExclusion';

/** Documents changed per batch: each ticket also updates its public entry (2 writes). */
const PAGE = 200;

/**
 * Other documents keyed by the user's id that hold personal data only, deleted outright. Add
 * any new per-user collection here (for example the two-factor secrets' collection). The
 * cart, which the customer's browser writes itself, goes after the profile instead.
 */
const PERSONAL_COLLECTIONS_BY_UID: readonly string[] = [
  stripeCustomersCollection,
  playerProtectionCollection,
  twoFactorSecretsCollection,
  passwordSetsCollection,
  checkoutLocksCollection,
  // An e-mail change asked for and not confirmed: the new address.
  emailChangesCollection,
];

const personalDocuments = (db: Firestore, uid: string) =>
  PERSONAL_COLLECTIONS_BY_UID.map((collection) => db.collection(collection).doc(uid));

/**
 * Fields that can name or reach a person on financial and draw records, and what they become.
 * Only fields a document has are replaced, so records keep their shape.
 */
const ANONYMISED: Record<string, string> = {
  userId: DELETED_USER_ID,
  userEmail: '',
  userName: DELETED_USER_NAME,
  // Postal entry records.
  email: '',
  fullName: DELETED_USER_NAME,
  address: '',
  phone: '',
};

function anonymised(data: DocumentData): DocumentData {
  return Object.fromEntries(Object.entries(ANONYMISED).filter(([field]) => field in data));
}

/** Applies `change` to every document `query` matches, a page at a time, until none is left. */
async function drain(
  db: Firestore,
  query: Query,
  change: (doc: QueryDocumentSnapshot, batch: WriteBatch) => Promise<void> | void,
): Promise<number> {
  let total = 0;
  for (;;) {
    const page = await query.limit(PAGE).get();
    if (page.empty) return total;
    const batch = db.batch();
    for (const doc of page.docs) await change(doc, batch);
    await batch.commit();
    total += page.size;
  }
}

/** The promo codes of the account's reservations (every use of a code goes through one). */
async function promoCodesUsedBy(db: Firestore, uid: string): Promise<string[]> {
  const sessions = await db
    .collection(checkoutSessionsCollection)
    .where('userId', '==', uid)
    .select('promo')
    .get();
  const codes = sessions.docs.map((doc) => (doc.get('promo') as { code?: string } | null)?.code);
  return [...new Set(codes.filter((code): code is string => Boolean(code)))];
}

/**
 * Reservations: a card payment already made at Stripe, or an order being fulfilled, must
 * finish first (its tickets would arrive after the account is gone); unpaid payment pages are
 * closed and everything still pending is released back to the pool. Returns the raffles the
 * customer reserved, for their holder documents.
 */
async function settleReservations(db: Firestore, uid: string, now: Date): Promise<Set<string>> {
  const snapshot = await db.collection(checkoutSessionsCollection).where('userId', '==', uid).get();
  const sessions = snapshot.docs
    .map((doc) => readSession(doc))
    .filter((s): s is CheckoutSession => s !== null);
  const raffles = new Set(sessions.flatMap((s) => s.items.map((item) => item.raffleId)));
  for (const session of sessions) {
    if (session.status === 'fulfilling') {
      throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.deleteWhileFulfilling);
    }
    // An unpaid payment page is closed first; one paid meanwhile is about to be fulfilled.
    const paying = session.status === 'pending' && session.provider === 'stripe';
    if (paying && (await closeStripeCheckout(session.stripeSessionId)) === 'paid') {
      throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.deleteWhilePaying);
    }
  }
  for (const session of sessions.filter((s) => s.status === 'pending')) {
    const released = await releaseReservation(db, session.id, 'cancelled', now);
    if (released) {
      // A page a checkout recorded after the pages above were closed (it was still opening).
      await closeRecordedSince(session, released);
      continue;
    }
    // It changed meanwhile: a payment completed at this very moment is still being fulfilled.
    const latest = readSession(
      await db.collection(checkoutSessionsCollection).doc(session.id).get(),
    );
    if (latest?.status === 'fulfilling') {
      throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.deleteWhileFulfilling);
    }
  }
  return raffles;
}

/** The raffles the account holds tickets in (a ticket moved to it has no checkout of its own). */
async function ticketRaffles(db: Firestore, uid: string): Promise<Set<string>> {
  const tickets = await ticketsRef(db).where('userId', '==', uid).select('raffleId').get();
  return new Set(tickets.docs.map((doc) => doc.get('raffleId') as string));
}

/** Marks the profile as being deleted (moving the checkout lock), or lifts the mark. */
async function markDeleting(db: Firestore, uid: string, deleting: boolean, now: Date) {
  const profile = profileRef(db, uid);
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(profile)).exists) return;
    tx.update(profile, { deleting });
    if (deleting) moveCheckoutLock(tx, db, uid, now);
  });
}

/** `sessionsValidAfter` moved to now on the profile of an account Auth no longer has. */
async function endSessionsOfGoneAccount(db: Firestore, uid: string, now: Date) {
  const profile = profileRef(db, uid);
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(profile)).exists) return;
    tx.update(profile, { sessionsValidAfter: Math.ceil(now.getTime() / 1000), updatedAt: now });
  });
}

/**
 * Tickets are draw records: they stay (the raffle's counts and ticket numbers must not
 * change) but no longer name their owner, and their public entries read "Deleted user".
 */
async function anonymiseTickets(db: Firestore, uid: string) {
  for (;;) {
    const page = await ticketsRef(db).where('userId', '==', uid).limit(PAGE).get();
    if (page.empty) return;
    const held = new Map<string, Set<number>>();
    for (const doc of page.docs) {
      const { raffleId, ticketNumber } = doc.data();
      held.set(raffleId, (held.get(raffleId) ?? new Set()).add(ticketNumber));
    }
    // Before these tickets lose their owner: a deletion run again after a failure finds a
    // win only through tickets that still name the account.
    await unnameWinner(db, held);
    const entryRefs = page.docs.map((doc) => {
      const { raffleId, ticketNumber } = doc.data();
      return entriesRef(db, raffleId).doc(String(ticketNumber));
    });
    const entries = await db.getAll(...entryRefs);
    const batch = db.batch();
    page.docs.forEach((doc, i) => {
      batch.update(doc.ref, anonymised(doc.data()));
      const entry = entries[i];
      if (entry?.exists) batch.update(entry.ref, { holderName: DELETED_USER_NAME });
    });
    await batch.commit();
  }
}

/**
 * A drawn raffle the account won no longer names it: its draw record and its place on /winners
 * read "Deleted user", as its entries do (the name is not part of what the draw's hash covers),
 * and the winner's picture an administrator added goes (the card shows the prize's).
 */
async function unnameWinner(db: Firestore, held: Map<string, Set<number>>): Promise<void> {
  const raffleIds = [...held.keys()];
  for (let i = 0; i < raffleIds.length; i += 100) {
    const ids = raffleIds.slice(i, i + 100);
    const draws = await db.getAll(...ids.map((id) => db.collection(drawsCollection).doc(id)));
    const won = draws.filter((draw) =>
      held.get(draw.id)?.has(draw.get('winningTicketNumber') as number),
    );
    if (won.length === 0) continue;
    const winners = await db.getAll(
      ...won.map((draw) => db.collection(winnersCollection).doc(draw.id)),
    );
    const batch = db.batch();
    const now = new Date();
    won.forEach((draw) => batch.update(draw.ref, { winnerName: DELETED_USER_NAME }));
    winners.forEach((winner) => {
      // A new version: a winner form opened before this cannot put the name back.
      if (winner.exists) {
        batch.update(winner.ref, { winnerName: DELETED_USER_NAME, imageUrl: null, updatedAt: now });
      }
    });
    await batch.commit();
  }
}

/** Deletes each document of `refs` in batches. */
async function deleteAll(db: Firestore, refs: DocumentReference[]): Promise<void> {
  for (let i = 0; i < refs.length; i += 400) {
    const batch = db.batch();
    refs.slice(i, i + 400).forEach((ref) => batch.delete(ref));
    await batch.commit();
  }
}

/** The ids of documents a query matches, read a page at a time (for deletions). */
async function matchingRefs(query: Query): Promise<DocumentReference[]> {
  const refs: DocumentReference[] = [];
  let last: QueryDocumentSnapshot | null = null;
  for (;;) {
    const page: QuerySnapshot = await (last ? query.startAfter(last) : query).limit(500).get();
    refs.push(...page.docs.map((doc) => doc.ref));
    if (page.size < 500) return refs;
    last = page.docs[page.size - 1] ?? null;
  }
}

/** The distinct addresses among `list`, lower-cased. */
function addresses(list: Array<string | null | undefined>): string[] {
  return [
    ...new Set(list.filter((email): email is string => Boolean(email)).map((e) => e.toLowerCase())),
  ];
}

/** Support conversations are personal correspondence: deleted with their messages. */
async function deleteSupportConversations(db: Firestore, uid: string, emails: string[]) {
  const tickets = db.collection(supportTicketsCollection);
  const refs = [
    ...(await matchingRefs(tickets.where('userId', '==', uid))),
    ...(emails.length > 0 ? await matchingRefs(tickets.where('email', 'in', emails)) : []),
  ];
  const unique = [...new Map(refs.map((ref) => [ref.path, ref])).values()];
  for (const ref of unique) await db.recursiveDelete(ref);
}

/**
 * Audit entries about the account (target `users/{uid}` or below) keep what was done and
 * when, but no longer say to whom or hold the before and after snapshots; so do entries about
 * other documents whose snapshot names the account as its owner (`userId`, or a support
 * message's `senderId`). Entries the account made as an administrator keep who made them: the
 * log answers for what was done to customers' money and tickets, and an administrator deleting
 * their own account (Firebase Auth's `accounts:delete` cannot be refused) must not take their
 * actions' author with it.
 */
async function redactAuditEntries(db: Firestore, uid: string) {
  const prefix = userPath(uid);
  const log = db.collection(auditLogCollection);
  const about = [
    ...(await matchingRefs(log.where('target', '==', prefix))),
    ...(await matchingRefs(
      log.where('target', '>=', `${prefix}/`).where('target', '<', `${prefix}/\uf8ff`),
    )),
  ];
  // Entries about another document whose snapshot is the account's (a manual entry's order, a
  // recorded postcard, a deleted order, support ticket or message): the snapshots go, what was
  // done to which document stays.
  const naming = (
    await Promise.all(
      ['after.userId', 'before.userId', 'before.senderId'].map((field) =>
        matchingRefs(log.where(field, '==', uid)),
      ),
    )
  ).flat();
  const changes = [
    ...about.map((ref) => ({
      ref,
      change: { target: userPath(DELETED_USER_ID), before: null, after: null },
    })),
    ...naming.map((ref) => ({ ref, change: { before: null, after: null } })),
  ];
  for (let i = 0; i < changes.length; i += 400) {
    const batch = db.batch();
    changes.slice(i, i + 400).forEach(({ ref, change }) => batch.update(ref, change));
    await batch.commit();
  }
}

/**
 * Deletes an account (the Danger Zone), in an order that can be run again after any failure
 * and finishes what is left:
 *
 * 1. the profile is marked as being deleted, so no checkout starts or completes meanwhile and
 *    every other callable but this one refuses the account (checkStanding), and
 *    open reservations are released (a payment still open at Stripe or an order being
 *    fulfilled is waited for instead, and the mark lifted);
 * 2. the per-raffle holder documents (the per-user limit's counts) and promo codes' use counts
 *    of the account are removed, while its reservations and tickets still name them;
 * 3. tickets, orders, reservations, instant wins and postal entries are financial and draw
 *    records, so they are kept and anonymised: no uid, e-mail or name remains, public entries
 *    read "Deleted user", and every raffle's counts and ticket numbers stay exactly as they
 *    were (live draws stay correct); late postcards' credit records, the Stripe customer with
 *    its cards, support conversations, e-mails in the outbox, the contact form's and support
 *    messages' rate-limit records and the personal details of audit entries about the account
 *    are removed;
 * 4. every session of the account ends, then the profile goes with its settings,
 *    notifications, saved raffles and payment cards, then the username and the cart (a name
 *    claimed, or a cart or raffle saved, from another tab while this ran is removed too), and
 *    once more what the callables keep under its id (one may have passed its checks just before
 *    the mark);
 * 5. last, the Auth user, so a failure earlier leaves an account that can try again (signed
 *    in again, after step 4).
 */
export async function deleteAccount(
  db: Firestore,
  auth: Auth,
  uid: string,
  tokenEmail: string | null,
  now = new Date(),
): Promise<void> {
  const [user, profile] = await Promise.all([
    auth.getUser(uid).catch(() => null),
    profileRef(db, uid).get(),
  ]);
  // Deleted past the shop (the Auth trigger's run, or the sweep's after it): Auth can no longer
  // revoke the account's ID tokens, which outlive it by up to an hour, and its profile stays while
  // a payment of it is under way. Its sessions end in the profile first, for the rules and the
  // callables alike (rounded up: a token from this same second is refused too).
  if (!user) await endSessionsOfGoneAccount(db, uid, now);
  // The addresses the account proved it holds: Auth's once confirmed and a confirmed sign-in's.
  // Auth's own API sets an address with a session alone, and the sign-up form takes anybody's,
  // both unconfirmed: such an address may be someone else's, whose conversations with support,
  // mail and limits are not this account's to delete, nor their play to stop.
  const confirmed = addresses([user?.emailVerified ? user.email : null, tokenEmail]);
  // A break goes to the shop's copy as well: taking one needs a confirmed sign-in, and the break
  // was kept against that address when it began.
  const emails = addresses([...confirmed, profile.data()?.email]);

  // A play break and a spending limit outlive the account: kept against its addresses (as
  // keyed hashes) before anything else.
  const protection = await readProtection(db, uid);
  await carryControlsPastDeletion(db, protection, emails, now);

  // No checkout starts or completes from here on: one whose checks ran before this and commits
  // after it fails on the moved checkout lock and checks again; settleReservations then finds
  // every one committed before. A payment still under way stops the deletion and lifts this.
  await markDeleting(db, uid, true, now);
  const raffles = await settleReservations(db, uid, now).catch(async (error: unknown) => {
    await markDeleting(db, uid, false, now);
    throw error;
  });
  // This month's spending outlives it too, counted once its open checkouts are settled: those
  // released unpaid were never spent; one still being fulfilled counts, as at a checkout.
  const { spent, creditCard } = await monthSpending(db, uid, null, now);
  await carryControlsPastDeletion(db, protection, emails, now, { uid, total: spent, creditCard });
  // Its per-raffle counts and its promo codes' per-customer counts go before anything loses its
  // id: run again after a failure below, the deletion would find no reservation or ticket of the
  // account left to name them.
  const promoCodes = await promoCodesUsedBy(db, uid);
  await deleteAll(db, [
    ...[...raffles, ...(await ticketRaffles(db, uid))].map((raffleId) =>
      db.collection(holdersPath(raffleId)).doc(uid),
    ),
    ...promoCodes.map((code) => db.doc(promoCustomerPath(code, uid))),
  ]);
  await anonymiseTickets(db, uid);
  await drain(db, db.collection(instantWinsCollection).where('userId', '==', uid), (doc, batch) => {
    batch.update(doc.ref, anonymised(doc.data()));
  });
  await drain(db, db.collection(ordersCollection).where('userId', '==', uid), (doc, batch) => {
    batch.update(doc.ref, anonymised(doc.data()));
  });
  await drain(
    db,
    db.collection(checkoutSessionsCollection).where('userId', '==', uid),
    (doc, batch) => {
      batch.update(doc.ref, anonymised(doc.data()));
    },
  );
  // Free postal entries are kept as the record of an entry, without who sent them.
  await drain(
    db,
    db.collection(postalEntriesCollection).where('userId', '==', uid),
    (doc, batch) => {
      batch.update(doc.ref, anonymised(doc.data()));
    },
  );

  const stripeCustomer = await stripeCustomerOf(db, uid);
  if (stripeCustomer && stripeEnabled()) await deleteStripeCustomer(stripeCustomer);
  await deleteAll(db, [
    ...(await matchingRefs(db.collection(postalCreditsCollection).where('userId', '==', uid))),
    ...personalDocuments(db, uid),
    db.collection(rateLimitsCollection).doc(sha256Hex(`contact-uid:${uid}`)),
    db.collection(rateLimitsCollection).doc(sha256Hex(supportMessageLimitKey(uid))),
    ...confirmed.map((email) =>
      db.collection(rateLimitsCollection).doc(sha256Hex(`contact:${email}`)),
    ),
  ]);
  await deleteSupportConversations(db, uid, confirmed);
  if (confirmed.length > 0) {
    await deleteAll(
      db,
      await matchingRefs(db.collection(mailCollection).where('to', 'in', confirmed)),
    );
  }
  await redactAuditEntries(db, uid);

  // Every session ends before the profile goes. The profile's mark refuses another tab's
  // callables (checkStanding); once it is gone they take a token on Auth's word until Auth's
  // account is gone too, and what they wrote under the account's id then would outlive it.
  if (user) await endSessions(db, auth, uid).catch(unlessUserGone);
  await db.recursiveDelete(db.doc(userPath(uid)));
  // Once more for the saved raffles: the rules let the owner save one while the profile exists,
  // so one saved from another tab while the pass above ran may have come after its sweep. The
  // same for a conversation the contact form opened as the account from another tab: it writes
  // as a guest once the deletion has begun (contactAccount), but may have read the profile just
  // before.
  await db.recursiveDelete(db.collection(savedRafflesPath(uid)));
  await deleteSupportConversations(db, uid, confirmed);
  // The username and the cart after the profile: saveProfile claims a name only in a
  // transaction that finds the profile, and the rules let the owner save a cart only while the
  // profile exists, so one claimed or saved from another tab while the deletion ran is removed
  // here too (a profile such a save recreates afterwards is the Auth trigger's, onUserDeleted).
  await deleteAll(db, [
    ...(await matchingRefs(db.collection(usernamesCollection).where('uid', '==', uid))),
    db.collection(cartsCollection).doc(uid),
  ]);
  // Once more for what the callables keep under the account's id: one that passed its checks
  // just before the profile was marked may have written after the sweep above (a Stripe
  // customer, a spending limit, a two-factor record with the password's hash, an e-mail
  // change, a notification under the profile).
  const lateStripeCustomer = await stripeCustomerOf(db, uid);
  if (lateStripeCustomer && stripeEnabled()) await deleteStripeCustomer(lateStripeCustomer);
  await deleteAll(db, personalDocuments(db, uid));
  await db.recursiveDelete(db.doc(userPath(uid)));
  if (user) await auth.deleteUser(uid).catch(unlessUserGone);
}

/** Lets an Auth account already gone pass (deleted meanwhile through Auth's own API). */
function unlessUserGone(error: unknown): void {
  if (!hasCode(error, 'auth/user-not-found')) throw error;
}

const pendingDeletionRef = (db: Firestore, uid: string) =>
  db.collection(pendingDeletionsCollection).doc(uid);

/**
 * The deletion of an account already gone from Firebase Auth (its own API): it cannot be asked
 * again by the customer, so one that must wait (a payment of it still under way) is recorded
 * for `finishPendingDeletions`. Its push devices go first, whatever waits: nothing more is
 * pushed to the browsers of an account that is gone. Answers whether the deletion finished.
 */
export async function deleteAccountOrLater(
  db: Firestore,
  auth: Auth,
  uid: string,
  email: string | null,
  now = new Date(),
): Promise<boolean> {
  await db.recursiveDelete(db.collection(devicesPath(uid)));
  try {
    await deleteAccount(db, auth, uid, email, now);
    await pendingDeletionRef(db, uid).delete();
    return true;
  } catch (error) {
    await pendingDeletionRef(db, uid).set({ email, since: now, lastError: String(error) });
    logger.warn('An account deletion waits for its next run', { uid, ...errorFields(error) });
    return false;
  }
}

/**
 * The scheduled sweep: runs again each deletion that had to wait (`deleteAccountOrLater`),
 * the oldest first; one still waiting stays for the next sweep.
 */
export async function finishPendingDeletions(
  db: Firestore,
  auth: Auth,
  now = new Date(),
): Promise<number> {
  const waiting = await db.collection(pendingDeletionsCollection).orderBy('since').limit(50).get();
  let finished = 0;
  for (const doc of waiting.docs) {
    const email = doc.get('email') as string | null;
    if (await deleteAccountOrLater(db, auth, doc.id, email, now)) finished += 1;
  }
  return finished;
}
