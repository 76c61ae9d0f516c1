import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { auth, db, REGION } from '../lib/firebase';
import { drawSoldOutRaffle } from '../services/draws/sellOut';
import { rollupRaffleCounts } from '../services/pool/rollup';

/**
 * When a reservation is paid, expires or is cancelled, the counts of its raffles are rolled
 * up from their pool shards, and a raffle that closes on sell-out is drawn when sold out. Opening a reservation fires nothing: a burst of buyers causes no
 * burst of raffle writes.
 */
export const onCheckoutSessionUpdated = onDocumentUpdated(
  { document: 'checkoutSessions/{sessionId}', region: REGION },
  async (event) => {
    const before = event.data?.before.get('status') as string | undefined;
    const after = event.data?.after.get('status') as string | undefined;
    if (before === after || !['fulfilled', 'expired', 'cancelled'].includes(after ?? '')) return;
    const raffleIds = new Set(
      ((event.data?.after.get('items') as Array<{ raffleId: string }> | undefined) ?? []).map(
        (item) => item.raffleId,
      ),
    );
    await Promise.all([...raffleIds].map((raffleId) => rollupRaffleCounts(db, raffleId)));
    // A sale that sold the last ticket closes a raffle that closes on sell-out: draw it now.
    if (after === 'fulfilled') {
      await Promise.all([...raffleIds].map((raffleId) => drawSoldOutRaffle(db, auth, raffleId)));
    }
  },
);
