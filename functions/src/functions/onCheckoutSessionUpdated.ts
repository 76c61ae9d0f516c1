import { checkoutSessionSchema, parseDocument } from '@rafflewin/domain';
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
    if (!event.data) return;
    const { before, after } = event.data;
    const was = before.exists
      ? parseDocument(checkoutSessionSchema, before.data(), before.id)
      : null;
    const session = parseDocument(checkoutSessionSchema, after.data(), after.id);
    const status = session.status;
    if (was?.status === status || !['fulfilled', 'expired', 'cancelled'].includes(status)) return;
    const raffleIds = new Set(session.items.map((item) => item.raffleId));
    await Promise.all([...raffleIds].map((raffleId) => rollupRaffleCounts(db, raffleId)));
    // A sale that sold the last ticket closes a raffle that closes on sell-out: draw it now.
    if (status === 'fulfilled') {
      await Promise.all([...raffleIds].map((raffleId) => drawSoldOutRaffle(db, auth, raffleId)));
    }
  },
);
