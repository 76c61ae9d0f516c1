import {
  ShopError,
  RAFFLE_MESSAGES,
  activeHeld,
  raffleSecretsCollection,
  ticketsCollection,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { withdrawRaffleSlides } from '../carousel/slides';
import { assertInstantWinsMinority, isLiveForMajority } from '../instantWins/instantWins';
import { releaseReservation } from '../checkout/release';
import { shardRef } from '../pool/shards';
import { editableFields, raffleRef, readPoolIn, readRaffle } from './raffleRecords';

/** Reservations whose holds on the pool ran out but were not released yet. */
async function releaseLapsedHolds(db: Firestore, raffleId: string, now: Date): Promise<void> {
  const lapsed = await db.runTransaction(async (tx) => {
    const shards = await readPoolIn(tx, db, raffleId);
    return shards.flatMap((shard) =>
      Object.entries(shard.holds)
        .filter(([, hold]) => hold.expiresAt.getTime() <= now.getTime())
        .map(([sessionId]) => sessionId),
    );
  });
  for (const sessionId of new Set(lapsed)) await releaseReservation(db, sessionId, 'expired', now);
}

/**
 * Deletes a raffle that has no tickets, with its pool, questions and answers, audited. A
 * raffle with tickets sold or held (or any ticket document) is refused: it must be cancelled,
 * which refunds its customers. The check and the delete of the raffle and its pool are one
 * transaction, so a checkout racing it either lands first (and the delete is refused) or
 * finds no raffle.
 */
export async function deleteRaffle(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  now = new Date(),
): Promise<void> {
  await releaseLapsedHolds(db, raffleId, now);
  const ref = raffleRef(db, raffleId);
  await db.runTransaction(async (tx) => {
    const raffle = readRaffle(await tx.get(ref));
    const shards = await readPoolIn(tx, db, raffleId);
    const anyTicket = await tx.get(
      db.collection(ticketsCollection).where('raffleId', '==', raffleId).limit(1),
    );
    const taken =
      raffle.soldTickets > 0 ||
      !anyTicket.empty ||
      shards.some((shard) => shard.sold > 0 || activeHeld(shard.holds, now) > 0);
    if (taken) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.hasTickets, 'raffle-has-tickets');
    }
    if (raffle.instantPrizes.length === 0 && isLiveForMajority(raffle, now)) {
      await assertInstantWinsMinority(tx, db, raffleId, now, false);
    }
    tx.delete(ref);
    for (const shard of shards) tx.delete(shardRef(db, raffleId, shard.index));
    tx.delete(db.collection(raffleSecretsCollection).doc(raffleId));
    recordAudit(
      db,
      tx,
      admin,
      { action: 'raffle.delete', target: ref.path, before: editableFields(raffle), after: null },
      now,
    );
  });
  // What is left under the raffle: its questions and empty per-customer holder counts.
  await db.recursiveDelete(ref);
  await withdrawRaffleSlides(db, admin, raffleId, now);
}
