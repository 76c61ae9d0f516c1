import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { rollupRaffleCounts } from '../services/pool/rollup';

/**
 * When a reservation is paid, expires or is cancelled, the counts of its raffles are rolled
 * up from their pool shards. Opening a reservation fires nothing: a burst of buyers causes no
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
  },
);
