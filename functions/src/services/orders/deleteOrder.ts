import {
  ShopError,
  ORDER_ADMIN_MESSAGES,
  orderSchema,
  ordersCollection,
  parseDocument,
  pruneHolds,
  ticketId,
  ticketSchema,
  ticketsCollection,
  type Order,
  creditNotGivenBack,
  tookPayment,
} from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { returnCredit } from '../account/credit';
import { recordAudit } from '../admin/audit';
import { assertNotDrawn } from '../draws/commitment';
import { instantPrizeNumbersIn } from '../instantWins/instantWins';
import { holderRef, readHolder } from '../pool/shards';
import { rollupRaffleCounts } from '../pool/rollup';
import { removeTicketInTx } from '../tickets/changeTickets';
import { readPoolInTx, saveShardNumbers, type ShardInTx } from '../tickets/pool';

/** Tickets removed per transaction: two deletes each, well under Firestore's 500 writes. */
const TICKETS_PER_TRANSACTION = 200;

/**
 * Whether the order's money is still moving: a dispute the bank has not decided, a won
 * dispute's refund or the shop's own refund under way, or a refund Stripe could not make that
 * a person still owes. Deleting it would lose what finishes or records that.
 */
export function moneyStillOpen(order: Order): boolean {
  const money = order.moneyBack;
  return (
    (money?.kind === 'disputed' && !money.closed) ||
    money?.closed?.refund?.state === 'pending' ||
    Object.keys(order.failedRefunds ?? {}).length > 0 ||
    Object.values(order.refunding ?? {}).some((count) => count > 0)
  );
}

/**
 * Refuses, as deleting one ticket does, when an active ticket of the order sits on an instant
 * prize's number (deleting it would put the number back in the pool, where the prize could be
 * won a second time), or is in an undrawn raffle with instant prizes at all (taken back, the
 * entry could be made again, at random, until it landed on a prize). Read in `tx`, before its
 * writes.
 */
async function refuseInstantPrizeTickets(
  tx: Transaction,
  db: Firestore,
  order: Order,
): Promise<void> {
  const raffleIds = [...new Set(order.items.map((item) => item.raffleId))];
  const prizes = await Promise.all(raffleIds.map((id) => instantPrizeNumbersIn(tx, db, id)));
  const onPrizes = order.items.flatMap((item) => {
    const numbers = prizes[raffleIds.indexOf(item.raffleId)]!;
    return item.ticketNumbers
      .filter((n) => numbers.has(n))
      .map((n) => db.collection(ticketsCollection).doc(ticketId(item.raffleId, n)));
  });
  for (const snap of onPrizes.length > 0 ? await tx.getAll(...onPrizes) : []) {
    if (!snap.exists) continue;
    const ticket = parseDocument(ticketSchema, snap.data(), snap.id);
    if (ticket.orderId === order.id && ticket.status === 'active') {
      throw new ShopError(
        'failed-precondition',
        ORDER_ADMIN_MESSAGES.onInstantPrize(ticket.ticketNumber),
      );
    }
  }
  const prizeRaffles = raffleIds.filter((_, index) => prizes[index]!.size > 0);
  if (prizeRaffles.length === 0) return;
  // A drawn raffle's tickets are refused as such.
  await assertNotDrawn(tx, db, prizeRaffles);
  const active = await Promise.all(
    prizeRaffles.map((raffleId) =>
      tx.get(
        db
          .collection(ticketsCollection)
          .where('orderId', '==', order.id)
          .where('raffleId', '==', raffleId)
          .where('status', '==', 'active')
          .limit(1),
      ),
    ),
  );
  if (active.some((tickets) => !tickets.empty)) {
    throw new ShopError('failed-precondition', ORDER_ADMIN_MESSAGES.instantPrizeRaffle);
  }
}

/**
 * Deletes an order and everything it gave: its tickets are deleted, their numbers go back to
 * the raffle's pool, their public entries go and the customer's per-raffle counts drop, so
 * nothing is left pointing at a missing order and the counts stay right. Orders that took
 * money are refused (refund first), and so are orders holding an instant prize's number.
 * Large orders are worked through a few hundred tickets per transaction, each taking its
 * numbers off the order as it goes, so a failure half-way leaves a consistent, smaller order
 * that deleting again finishes. The last transaction deletes the order with its audit entry
 * and gives back any account credit it used.
 */
export async function deleteOrder(
  db: Firestore,
  admin: Caller,
  orderId: string,
  now = new Date(),
): Promise<{ ticketsRemoved: number }> {
  const ref = db.collection(ordersCollection).doc(orderId);
  const touched = new Set<string>();
  let ticketsRemoved = 0;
  let original: Order | null = null;

  for (;;) {
    const step = await db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) throw new ShopError('not-found', ORDER_ADMIN_MESSAGES.notFound);
      const order = parseDocument(orderSchema, snapshot.data(), snapshot.id);
      if (tookPayment(order)) {
        throw new ShopError('failed-precondition', ORDER_ADMIN_MESSAGES.paidRefused);
      }
      if (moneyStillOpen(order)) {
        throw new ShopError('failed-precondition', ORDER_ADMIN_MESSAGES.moneyOpen);
      }
      // Once, on the whole order: later steps delete part of what this one let through.
      if (!original) await refuseInstantPrizeTickets(tx, db, order);
      original ??= order;
      const batch = order.items
        .flatMap((item) => item.ticketNumbers.map((n) => ({ raffleId: item.raffleId, n })))
        .slice(0, TICKETS_PER_TRANSACTION);
      if (batch.length === 0) {
        tx.delete(ref);
        // Account credit spent on the order goes back to the customer, once: with the delete.
        const creditReturned = creditNotGivenBack(order);
        returnCredit(tx, db, order.userId, creditReturned);
        const { id: _id, ...before } = original;
        recordAudit(
          db,
          tx,
          admin,
          {
            action: 'order.delete',
            target: ref.path,
            before,
            after: { ticketsRemoved, creditReturned },
          },
          now,
        );
        return null;
      }

      const raffleIds = [...new Set(batch.map((t) => t.raffleId))];
      await assertNotDrawn(tx, db, raffleIds);
      const [ticketSnaps, pools, holderSnaps] = await Promise.all([
        tx.getAll(
          ...batch.map((t) => db.collection(ticketsCollection).doc(ticketId(t.raffleId, t.n))),
        ),
        Promise.all(raffleIds.map((raffleId) => readPoolInTx(db, tx, raffleId))),
        tx.getAll(...raffleIds.map((raffleId) => holderRef(db, raffleId, order.userId))),
      ]);
      const changed = new Set<ShardInTx>();
      const holders = holderSnaps.map((snap) => (snap.exists ? readHolder(snap) : null));
      let removed = 0;
      for (const snap of ticketSnaps) {
        if (!snap.exists) continue;
        const ticket = parseDocument(ticketSchema, snap.data(), snap.id);
        // A number reissued after this order lost it belongs to someone else's order.
        if (ticket.orderId !== orderId) continue;
        const r = raffleIds.indexOf(ticket.raffleId);
        const shard = removeTicketInTx(tx, db, ticket, pools[r]!, holders[r] ?? null);
        if (shard) changed.add(shard);
        removed += 1;
      }
      changed.forEach((entry) => saveShardNumbers(tx, entry));
      holders.forEach((holder, r) => {
        if (!holder) return;
        tx.set(holderRef(db, raffleIds[r]!, order.userId), {
          owned: holder.owned,
          holds: pruneHolds(holder.holds, now),
        });
      });
      const done = new Set(batch.map((t) => `${t.raffleId}_${t.n}`));
      tx.update(ref, {
        items: order.items.map((item) => ({
          ...item,
          ticketNumbers: item.ticketNumbers.filter((n) => !done.has(`${item.raffleId}_${n}`)),
        })),
        updatedAt: now,
      });
      recordAudit(
        db,
        tx,
        admin,
        {
          action: 'order.removeTickets',
          target: ref.path,
          before: { ticketNumbers: batch.map((t) => `${t.raffleId}#${t.n}`) },
          after: null,
        },
        now,
      );
      return { removed, raffleIds };
    });
    if (!step) break;
    ticketsRemoved += step.removed;
    step.raffleIds.forEach((raffleId) => touched.add(raffleId));
  }
  await Promise.all([...touched].map((raffleId) => rollupRaffleCounts(db, raffleId)));
  return { ticketsRemoved };
}
