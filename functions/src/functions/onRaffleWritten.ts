import { ShopError, parseDocument, raffleSchema } from '@rafflewin/domain';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { ensureDrawCommitment } from '../services/draws/commitment';

/**
 * A raffle that goes live gets its secret draw seed and publishes the seed's commitment at
 * once (checkout also makes sure of it before taking the first entry).
 */
export const onRaffleWritten = onDocumentWritten(
  { document: 'raffles/{raffleId}', region: REGION },
  async (event) => {
    const after = event.data?.after;
    if (!after?.exists) return;
    const raffle = parseDocument(raffleSchema, after.data(), after.id);
    if (!raffle.active || raffle.drawCommitment || raffle.drawStatus !== 'pending') return;
    try {
      await ensureDrawCommitment(db, after.id);
    } catch (error) {
      // Deleted again before the trigger ran: nothing to commit to.
      if (error instanceof ShopError && error.code === 'not-found') return;
      throw error;
    }
  },
);
