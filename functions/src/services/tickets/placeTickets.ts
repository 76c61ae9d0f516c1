import {
  STAFF_ENTRY,
  ShopError,
  ADD_TICKETS_MESSAGES,
  CHECKOUT_MESSAGES,
  checkoutSessionsCollection,
  freeNumbersFrom,
  heldNumbers,
  lowestFreeNumbers,
  manualOrderNumber,
  numberRuns,
  perUserLimit,
  activeHeld,
  pruneHolds,
  shardAvailable,
  withNumbersIssued,
  type Allocation,
  type CheckoutSessionData,
  type FulfilmentOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { raffleRef } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { fulfilReservation } from '../checkout/fulfil';
import { keyedId, refuseOtherRequest } from '../checkout/keyedReservation';
import { readSession } from '../checkout/sessions';
import { ensureShards, holderRef, readHolder } from '../pool/shards';
import { scatteredNumbers } from '../pool/scatter';
import { ADMIN_RESERVE_MESSAGES, loadEntryTarget, refuseBarred } from './entryTarget';
import { entryBar } from '../protection/protection';
import { readPoolInTx, saveShardNumbers } from './pool';
import { instantPrizeNumbersIn } from '../instantWins/instantWins';

export interface PlaceTickets {
  userId: string;
  raffleId: string;
  quantity: number;
  /** The lowest number to give; null means 1. */
  minNumber: number | null;
  /** The form's key: a repeat answers with the first try's tickets. */
  requestId?: string;
}

/**
 * Manage Tickets → Add tickets: gives a customer the lowest free numbers at or above a minimum
 * (in a raffle with instant prizes, free numbers at or above it at random: see scatteredNumbers).
 * One transaction reads the raffle's whole pool, picks the numbers (leaving each shard enough
 * free numbers for the checkouts holding tickets there), records them in their shards as
 * taken, counts them on the customer's holder document, and writes the reservation already
 * issued, with the audit entry. Sequential issuance then steps over these numbers. The
 * checkout's fulfilment writes tickets, entries, the order (manual_entry, £0) and the e-mail.
 * Sent again under its form's key, it answers with the first try's tickets (finishing them if
 * that try stopped part way) and gives none more.
 */
export async function placeTickets(
  db: Firestore,
  admin: Caller,
  request: PlaceTickets,
  now = new Date(),
): Promise<FulfilmentOutput> {
  const sessions = db.collection(checkoutSessionsCollection);
  const sessionRef = request.requestId
    ? sessions.doc(keyedId('add-tickets', request.requestId))
    : sessions.doc();
  const payment = { method: 'manual_entry' } as const;
  const answered = request.requestId ? readSession(await sessionRef.get()) : null;
  if (answered) {
    refuseOtherRequest(answered, request, ADD_TICKETS_MESSAGES.keyReused);
    return fulfilReservation(db, sessionRef.id, payment);
  }
  const { raffle, profile } = await loadEntryTarget(db, request.userId, request.raffleId, now);
  await ensureShards(db, raffle.id, raffle.maxTickets);
  const orderNumber = manualOrderNumber(now);
  const min = request.minNumber ?? 1;

  await db.runTransaction(async (tx) => {
    // Its key's other try, a moment ago (pressed twice at once): its tickets stand.
    const earlier = request.requestId ? readSession(await tx.get(sessionRef)) : null;
    if (earlier) {
      refuseOtherRequest(earlier, request, ADD_TICKETS_MESSAGES.keyReused);
      return;
    }
    const [pool, holderSnap, prizes, latest, bar] = await Promise.all([
      readPoolInTx(db, tx, raffle.id),
      tx.get(holderRef(db, raffle.id, request.userId)),
      instantPrizeNumbersIn(tx, db, raffle.id),
      tx.get(raffleRef(db, raffle.id)),
      // Read in the transaction: a ban or a play break that started since the check above
      // refuses, and one starting now waits for this to commit or makes it run again.
      entryBar(db, request.userId, now, { tx }),
    ]);
    refuseBarred(bar);
    const refuse = (message: string) => new ShopError('failed-precondition', message);
    // A cancellation or a draw marks the raffle and closes the pool in its own transaction: one
    // that committed since the raffle was checked above is seen here (the reservation is
    // written already issued, so fulfilment's own check of a closed pool does not apply).
    if (
      (latest.get('drawStatus') ?? 'pending') !== 'pending' ||
      pool.some((entry) => entry.shard.closed)
    ) {
      throw refuse(CHECKOUT_MESSAGES.ended);
    }
    const holder = readHolder(holderSnap);
    const alreadyHeld = holder.owned + activeHeld(holder.holds, now);
    const limit = perUserLimit(raffle);
    if (raffle.category === 'free' && alreadyHeld > 0) {
      // Held, not owned: the customer's own checkout has it and may yet lapse.
      throw refuse(
        holder.owned === 0 ? ADMIN_RESERVE_MESSAGES.freeHeld : ADMIN_RESERVE_MESSAGES.freeOnlyOne,
      );
    }
    if (alreadyHeld + request.quantity > limit)
      throw refuse(ADMIN_RESERVE_MESSAGES.perUserMax(limit));

    let needed = request.quantity;
    let available = 0;
    const allocation: Allocation[] = [];
    const numbers: number[] = [];
    const scattered = prizes.size > 0 ? scatteredNumbers(pool, needed, min, prizes, now) : null;
    for (const entry of pool) {
      const room = Math.min(shardAvailable(entry.shard, now), freeNumbersFrom(entry.shard, min));
      available += room;
      if (room === 0 || needed === 0) continue;
      // Numbers a pending checkout holds by name (number picking) are stepped over. A raffle
      // with instant prizes takes scatteredNumbers' picks, which step over the prizes too.
      const picked = scattered
        ? (scattered.get(entry.shard.index) ?? [])
        : lowestFreeNumbers(
            entry.shard,
            Math.min(room, needed),
            min,
            new Set(heldNumbers(entry.shard.holds, now)),
          );
      if (picked.length === 0) continue;
      needed -= picked.length;
      numbers.push(...picked);
      allocation.push({ raffleId: raffle.id, shard: entry.shard.index, quantity: picked.length });
      entry.shard = withNumbersIssued(entry.shard, picked);
      saveShardNumbers(tx, entry);
    }
    if (needed > 0) {
      if (available > 0) throw refuse(ADD_TICKETS_MESSAGES.onlyAvailable(available));
      throw refuse(min > 1 ? ADD_TICKETS_MESSAGES.noNumbers : ADD_TICKETS_MESSAGES.noneLeft);
    }

    tx.set(holderRef(db, raffle.id, request.userId), {
      owned: holder.owned + request.quantity,
      holds: pruneHolds(holder.holds, now),
    });
    const session: CheckoutSessionData = {
      userId: request.userId,
      items: [
        {
          raffleId: raffle.id,
          name: raffle.name,
          quantity: request.quantity,
          unitPrice: 0,
        },
      ],
      amount: 0,
      creditCardAllowance: null,
      debitOnly: false,
      creditApplied: 0,
      promo: null,
      status: 'fulfilling',
      provider: 'free',
      stripeSessionId: null,
      orderId: null,
      allocation,
      issued: numberRuns(numbers).map((run) => ({ raffleId: raffle.id, ...run })),
      paymentMethod: 'manual_entry',
      expiresAt: now,
      createdAt: now,
      createdBy: STAFF_ENTRY,
      orderNumber,
    };
    tx.create(sessionRef, session);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'tickets.add',
        target: `orders/${sessionRef.id}`,
        before: null,
        after: {
          userId: request.userId,
          userEmail: profile.email,
          raffleId: raffle.id,
          raffleName: raffle.name,
          quantity: request.quantity,
          minNumber: request.minNumber,
          ticketNumbers: [...numbers].sort((a, b) => a - b),
          orderNumber,
        },
      },
      now,
    );
  });
  return fulfilReservation(db, sessionRef.id, payment);
}
