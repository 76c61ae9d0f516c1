import { ShopError, DRAW_MESSAGES, seedCommitment, type DrawSeed } from '@rafflewin/domain';
import { randomBytes } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { drawSeedRef, raffleRef } from '../../lib/collections';

/**
 * Makes sure a raffle has a secret draw seed and that its SHA-256 commitment is published on
 * the raffle, before any entry is accepted. The seed is created once (crypto.randomBytes) and
 * kept in `drawSeeds/{raffleId}`, which no client can read, administrators included: whoever
 * knew the seed before the close could predict how the entry list decides the winner.
 * Idempotent; returns the commitment. A commitment once published is never replaced.
 */
export async function ensureDrawCommitment(db: Firestore, raffleId: string): Promise<string> {
  const seedDoc = drawSeedRef(db, raffleId);
  const raffleDoc = raffleRef(db, raffleId);
  // Worked out before the transaction: a retried transaction reuses the same candidate.
  const candidate = randomBytes(32).toString('hex');
  const candidateCommitment = await seedCommitment(candidate);
  return db.runTransaction(async (tx) => {
    const [seed, raffle] = await Promise.all([tx.get(seedDoc), tx.get(raffleDoc)]);
    if (!raffle.exists) throw new ShopError('not-found', 'Raffle not found');
    let commitment = seed.data()?.commitment;
    // The kept commitment is taken only with its seed: one of the two changed alone is refused.
    if (commitment && (await seedCommitment(seed.data()?.seed ?? '')) !== commitment) {
      throw new ShopError('failed-precondition', DRAW_MESSAGES.commitmentMismatch);
    }
    if (!commitment) {
      commitment = candidateCommitment;
      tx.create(seedDoc, { id: raffleId, seed: candidate, commitment, createdAt: new Date() });
    }
    const published = raffle.data()?.drawCommitment;
    // A published commitment is never replaced: a seed that no longer matches it was changed.
    if (published && published !== commitment) {
      throw new ShopError('failed-precondition', DRAW_MESSAGES.commitmentMismatch);
    }
    if (!published) tx.update(raffleDoc, { drawCommitment: commitment });
    return commitment;
  });
}

/**
 * The secret seed with its published commitment, for the draw only: the commitment is worked
 * out again from the seed, so a seed rewritten alone (its stored commitment left as it was) is
 * refused rather than drawn with.
 */
export async function readDrawSeed(db: Firestore, raffleId: string): Promise<DrawSeed> {
  const seed = (await drawSeedRef(db, raffleId).get()).data();
  if (!seed) throw new ShopError('failed-precondition', DRAW_MESSAGES.noSeed);
  if ((await seedCommitment(seed.seed)) !== seed.commitment) {
    throw new ShopError('failed-precondition', DRAW_MESSAGES.commitmentMismatch);
  }
  return seed;
}

/**
 * Refuses to change the tickets of a raffle that has been drawn: its entry list is frozen and
 * published, so a change afterwards would make the published draw untrue. Read inside the
 * caller's transaction, before its writes.
 */
export async function assertNotDrawn(
  tx: Transaction,
  db: Firestore,
  raffleIds: string[],
): Promise<void> {
  if (raffleIds.length === 0) return;
  const raffles = await tx.getAll(...raffleIds.map((id) => raffleRef(db, id)));
  if (raffles.some((raffle) => ['drawn', 'no-entries'].includes(raffle.data()?.drawStatus ?? ''))) {
    throw new ShopError('failed-precondition', DRAW_MESSAGES.alreadyDrawn);
  }
}
