import {
  creditNotGivenBack,
  ineligiblePath,
  ShopError,
  TICKET_ADMIN_MESSAGES,
  entriesPath,
  holderDisplayName,
  heldNumbers,
  isNumberIssued,
  orderSchema,
  ordersCollection,
  parseDocument,
  pruneHolds,
  shardAvailable,
  ticketId,
  ticketSchema,
  ticketsCollection,
  tookPayment,
  userPath,
  withNumbersFreed,
  withNumbersIssued,
  type Order,
  type Ticket,
  type TicketData,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import { readSession, sessionRef } from '../checkout/sessions';
import { assertNotDrawn } from '../draws/commitment';
import { instantPrizeNumbersIn } from '../instantWins/instantWins';
import { addNotification } from '../notifications/notify';
import { holderRef, readHolder } from '../pool/shards';
import { rollupRaffleCounts } from '../pool/rollup';
import { poolEnd, readPoolInTx, saveShardNumbers, shardFor, type ShardInTx } from './pool';
import { entriesRef, raffleRef } from '../../lib/collections';

/** A little leeway for clocks: a purchase date "now" typed in the browser is not the future. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function readTicket(snapshot: DocumentSnapshot): Ticket {
  if (!snapshot.exists) throw new ShopError('not-found', TICKET_ADMIN_MESSAGES.notFound);
  return parseDocument(ticketSchema, snapshot.data(), snapshot.id);
}

function withoutId<T extends { id: string }>(value: T): Omit<T, 'id'> {
  const { id: _id, ...data } = value;
  return data;
}

/** The order with one ticket number of one raffle replaced (`to` a number) or removed (null). */
function orderWithNumber(order: Order, raffleId: string, from: number, to: number | null) {
  return order.items.map((item) => {
    if (item.raffleId !== raffleId || !item.ticketNumbers.includes(from)) return item;
    const kept = item.ticketNumbers.filter((n) => n !== from);
    return { ...item, ticketNumbers: (to === null ? kept : [...kept, to]).sort((a, b) => a - b) };
  });
}

/**
 * Refuses to change a ticket while the payment that issued it is still writing its tickets (no
 * order yet, its reservation not fulfilled): the run that completes it would write the ticket
 * again under its old number, which the change had freed. Read before the transaction's writes.
 */
async function assertOrderWritten(
  tx: Transaction,
  db: Firestore,
  ticket: Ticket,
  order: DocumentSnapshot,
): Promise<void> {
  if (order.exists) return;
  const session = readSession(await tx.get(sessionRef(db, ticket.orderId)));
  if (session && session.status !== 'fulfilled') {
    throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.orderInProgress);
  }
}

function readOrder(snapshot: DocumentSnapshot): Order | null {
  return snapshot.exists ? parseDocument(orderSchema, snapshot.data(), snapshot.id) : null;
}

/**
 * Refuses to move or delete a ticket while a refund of its order's lines for the raffle is
 * under way (an administrator's, or a cancellation's): the refund voids its tickets by id once
 * Stripe answers, so a ticket moved meanwhile would stay in the draw with its money back, and be
 * refunded again later.
 */
function refuseDuringRefund(order: Order | null, raffleId: string): void {
  if ((order?.refunding?.[raffleId] ?? 0) > 0 || order?.refundClaims?.[raffleId] !== undefined) {
    throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.refundInProgress);
  }
}

export interface TicketChange {
  ticketId: string;
  ticketNumber: number;
  purchaseDate: Date;
  /** The ticket's `updatedAt` (ms, null when it had none) as the edit form was filled. */
  seenUpdatedAt?: number | null;
}

/**
 * Gives a ticket another number and purchase date. The number must be in the raffle's range
 * and free: the pool (not just the ticket documents) says so, since checkouts issue numbers
 * before writing their tickets. One transaction frees the old number in its shard, takes the
 * new one in its shard (which must keep enough free numbers for checkouts holding tickets
 * there), moves the ticket and its public entry to the new number's ids, updates the order's
 * numbers, tells the customer and records the audit entry. An edit made on an older version
 * than the stored one (`seenUpdatedAt`) is refused rather than undoing the change saved since.
 */
export async function changeTicket(
  db: Firestore,
  admin: Caller,
  change: TicketChange,
  now = new Date(),
): Promise<{ ticketId: string }> {
  if (change.purchaseDate.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new ShopError('invalid-argument', TICKET_ADMIN_MESSAGES.dateInFuture);
  }
  const oldRef = db.collection(ticketsCollection).doc(change.ticketId);
  return db.runTransaction(async (tx) => {
    const ticket = readTicket(await tx.get(oldRef));
    if (ticket.status !== 'active') {
      throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.notActive);
    }
    refuseIfChangedSince(
      ticket.updatedAt,
      change.seenUpdatedAt,
      TICKET_ADMIN_MESSAGES.changedSinceOpened,
    );
    await assertNotDrawn(tx, db, [ticket.raffleId]);
    const { raffleId, ticketNumber: from } = ticket;
    const to = change.ticketNumber;
    const entries = entriesRef(db, raffleId);
    const newRef = db.collection(ticketsCollection).doc(ticketId(raffleId, to));
    const orderRef = db.collection(ordersCollection).doc(ticket.orderId);
    const ineligible = db.collection(ineligiblePath(raffleId));
    const [pool, newSnap, oldEntry, newEntry, orderSnap, profile, wrongAnswer, prizes] =
      await Promise.all([
        readPoolInTx(db, tx, raffleId),
        tx.get(newRef),
        tx.get(entries.doc(String(from))),
        tx.get(entries.doc(String(to))),
        tx.get(orderRef),
        tx.get(db.doc(userPath(ticket.userId))),
        tx.get(ineligible.doc(String(from))),
        instantPrizeNumbersIn(tx, db, raffleId),
      ]);
    const audit = (after: Record<string, unknown>) =>
      recordAudit(
        db,
        tx,
        admin,
        {
          action: 'ticket.update',
          target: oldRef.path,
          before: { ticketNumber: from, purchaseDate: ticket.purchaseDate },
          after,
        },
        now,
      );

    if (to === from) {
      tx.update(oldRef, { purchaseDate: change.purchaseDate, updatedAt: now });
      audit({ ticketNumber: to, purchaseDate: change.purchaseDate });
      return { ticketId: oldRef.id };
    }

    await assertOrderWritten(tx, db, ticket, orderSnap);
    const order = readOrder(orderSnap);
    refuseDuringRefund(order, raffleId);
    // A win is recorded under its number, and an administrator knows where the prizes are.
    if (prizes.has(from)) {
      throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.onInstantPrize(from));
    }
    if (prizes.has(to)) {
      throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.toInstantPrize(to));
    }
    const source = shardFor(pool, from);
    const target = shardFor(pool, to);
    if (!target) {
      throw new ShopError(
        'invalid-argument',
        TICKET_ADMIN_MESSAGES.numberOutOfRange(poolEnd(pool)),
      );
    }
    if (newSnap.exists || newEntry.exists || isNumberIssued(target.shard, to)) {
      throw new ShopError('already-exists', TICKET_ADMIN_MESSAGES.numberTaken(to));
    }
    if (!source) throw new Error(`Ticket ${oldRef.id} is outside its raffle's pool`);
    const heldByName = heldNumbers(target.shard.holds, now).has(to);
    if (heldByName || (source !== target && shardAvailable(target.shard, now) < 1)) {
      throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.numberReserved(to));
    }
    source.shard = withNumbersFreed(source.shard, [from]);
    target.shard = withNumbersIssued(target.shard, [to]);
    saveShardNumbers(tx, source);
    if (target !== source) saveShardNumbers(tx, target);

    const moved: TicketData = {
      ...withoutId(ticket),
      ticketNumber: to,
      purchaseDate: change.purchaseDate,
      updatedAt: now,
    };
    tx.delete(oldRef);
    tx.create(newRef, moved);
    tx.delete(oldEntry.ref);
    tx.set(entries.doc(String(to)), {
      id: String(to),
      ticketNumber: to,
      holderName:
        oldEntry.data()?.holderName ??
        holderDisplayName(profile.data()?.firstName, profile.data()?.lastName, to),
      category: ticket.raffle.category,
    });
    // A wrong answer stays with the ticket under its new number; a right one takes none there.
    if (wrongAnswer.exists) {
      tx.delete(wrongAnswer.ref);
      tx.set(ineligible.doc(String(to)), { ...wrongAnswer.data(), ticketNumber: to });
    } else tx.delete(ineligible.doc(String(to)));
    if (order) {
      tx.update(orderRef, { items: orderWithNumber(order, raffleId, from, to), updatedAt: now });
    }
    addNotification(
      db,
      tx,
      ticket.userId,
      {
        type: 'raffle',
        kind: 'tickets',
        title: 'Your ticket number changed',
        message: `Your ticket #${from} in ${ticket.raffle.name} is now ticket #${to}.`,
      },
      now,
    );
    audit({ ticketId: newRef.id, ticketNumber: to, purchaseDate: change.purchaseDate });
    return { ticketId: newRef.id };
  });
}

/**
 * Removes one ticket inside `tx`: frees its number in the pool, lowers the customer's count
 * and removes the public entry and its wrong-answer mark (active tickets only: a void ticket's
 * number and counts were settled when it was voided, and its number is never issued again),
 * deletes the ticket. Reads nothing: the caller has read the pool and the holder, and saves
 * them. Returns the shard it changed, if any.
 */
export function removeTicketInTx(
  tx: Transaction,
  db: Firestore,
  ticket: Ticket,
  pool: ShardInTx[],
  holder: { owned: number } | null,
): ShardInTx | null {
  tx.delete(db.collection(ticketsCollection).doc(ticket.id));
  if (ticket.status !== 'active') return null;
  tx.delete(db.collection(entriesPath(ticket.raffleId)).doc(String(ticket.ticketNumber)));
  // The next holder of the number may answer rightly: the draw must not leave them out.
  tx.delete(db.collection(ineligiblePath(ticket.raffleId)).doc(String(ticket.ticketNumber)));
  if (holder) holder.owned = Math.max(0, holder.owned - 1);
  const entry = shardFor(pool, ticket.ticketNumber);
  if (!entry || !isNumberIssued(entry.shard, ticket.ticketNumber)) return null;
  entry.shard = withNumbersFreed(entry.shard, [ticket.ticketNumber]);
  return entry;
}

/**
 * Refuses to delete an active ticket that was paid for: by card (refunding it voids it and
 * gives the money back; deleted, the money would stay and nothing would be left to refund) or
 * with account credit not yet given back (deleting the order returns it). A ticket that cost
 * nothing (a free raffle's, beside paid ones in the same order) may go; one from before
 * tickets recorded their price counts as paid.
 */
function refusePaidTicket(ticket: Ticket, order: Order): void {
  if (ticket.paidPrice === 0) return;
  if (tookPayment(order)) {
    throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.paidRefused);
  }
  if (creditNotGivenBack(order) > 0) {
    throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.creditRefused);
  }
}

/**
 * Deletes a ticket (Manage Tickets → Delete): its number goes back to the pool, its public
 * entry goes, the customer's count and the order's numbers follow, the customer is told, and
 * the raffle's counts are rolled up again. One transaction, with the audit entry.
 */
export async function deleteTicket(
  db: Firestore,
  admin: Caller,
  id: string,
  now = new Date(),
): Promise<void> {
  const ref = db.collection(ticketsCollection).doc(id);
  const raffleId = await db.runTransaction(async (tx) => {
    const ticket = readTicket(await tx.get(ref));
    await assertNotDrawn(tx, db, [ticket.raffleId]);
    const orderRef = db.collection(ordersCollection).doc(ticket.orderId);
    const holdRef = holderRef(db, ticket.raffleId, ticket.userId);
    const [pool, orderSnap, holderSnap, prizes, raffle] = await Promise.all([
      readPoolInTx(db, tx, ticket.raffleId),
      tx.get(orderRef),
      tx.get(holdRef),
      instantPrizeNumbersIn(tx, db, ticket.raffleId),
      tx.get(raffleRef(db, ticket.raffleId)),
    ]);
    await assertOrderWritten(tx, db, ticket, orderSnap);
    const order = readOrder(orderSnap);
    refuseDuringRefund(order, ticket.raffleId);
    if (raffle.data()?.cancelledAt && order && !order.refunds?.[ticket.raffleId]) {
      throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.cancellationRefundOwed);
    }
    // Its number would go back to the pool and could win the prize a second time.
    if (ticket.status === 'active' && prizes.has(ticket.ticketNumber)) {
      throw new ShopError(
        'failed-precondition',
        TICKET_ADMIN_MESSAGES.onInstantPrize(ticket.ticketNumber),
      );
    }
    // Taken back, the entry could be made again, at random, until it landed on a prize.
    if (ticket.status === 'active' && prizes.size > 0) {
      throw new ShopError('failed-precondition', TICKET_ADMIN_MESSAGES.instantPrizeRaffle);
    }
    if (ticket.status === 'active' && order) refusePaidTicket(ticket, order);
    const holder = holderSnap.exists ? readHolder(holderSnap) : null;
    const changed = removeTicketInTx(tx, db, ticket, pool, holder);
    if (changed) saveShardNumbers(tx, changed);
    if (holder && ticket.status === 'active') {
      tx.set(holdRef, { owned: holder.owned, holds: pruneHolds(holder.holds, now) });
    }
    if (order) {
      tx.update(orderRef, {
        items: orderWithNumber(order, ticket.raffleId, ticket.ticketNumber, null),
        updatedAt: now,
      });
    }
    if (ticket.status === 'active') {
      addNotification(
        db,
        tx,
        ticket.userId,
        {
          type: 'raffle',
          kind: 'tickets',
          title: 'A ticket was removed',
          message: `Your ticket #${ticket.ticketNumber} in ${ticket.raffle.name} has been removed. Contact us if you have any questions.`,
        },
        now,
      );
    }
    recordAudit(
      db,
      tx,
      admin,
      { action: 'ticket.delete', target: ref.path, before: withoutId(ticket), after: null },
      now,
    );
    return ticket.raffleId;
  });
  await rollupRaffleCounts(db, raffleId);
}
