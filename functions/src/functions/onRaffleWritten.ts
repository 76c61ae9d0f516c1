import { ShopError, parseDocument, raffleSchema } from '@rafflewin/domain';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { ensureDrawCommitment } from '../services/draws/commitment';
import { syncRaffleSearch } from '../services/raffles/search';

/**
 * Keeps the console's raffle search in step with the raffle, and a raffle that goes live gets
 * its secret draw seed and publishes the seed's commitment at once (checkout also makes sure
 * of it before taking the first entry).
 */
export const onRaffleWritten = onDocumentWritten(
  { document: 'raffles/{raffleId}', region: REGION },
  async (event) => {
    const before = event.data?.before;
    const after = event.data?.after;
    const read = (snapshot: typeof after) =>
      snapshot?.exists ? parseDocument(raffleSchema, snapshot.data(), snapshot.id) : null;
    const raffle = read(after);
    await syncRaffleSearch(db, event.params.raffleId, read(before), raffle);
    if (!raffle) return;
    if (!raffle.active || raffle.drawCommitment || raffle.drawStatus !== 'pending') return;
    try {
      await ensureDrawCommitment(db, raffle.id);
    } catch (error) {
      // Deleted again before the trigger ran: nothing to commit to.
      if (error instanceof ShopError && error.code === 'not-found') return;
      throw error;
    }
  },
);
