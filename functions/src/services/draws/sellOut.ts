import { ShopError, parseDocument, raffleSchema, rafflePath } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { drawRaffle, isClosed } from './draw';

/**
 * Draws a close-on-sell-out raffle once its last ticket is sold. Not closed yet, or entries
 * still being written: nothing happens now and the scheduled run catches it.
 */
export async function drawSoldOutRaffle(db: Firestore, auth: Auth, raffleId: string) {
  const snapshot = await db.doc(rafflePath(raffleId)).get();
  if (!snapshot.exists) return;
  const raffle = parseDocument(raffleSchema, snapshot.data(), raffleId);
  if (!raffle.closeOnSellOut || raffle.drawStatus !== 'pending') return;
  const now = new Date();
  if (!(await isClosed(db, raffle, now)).closed) return;
  try {
    await drawRaffle(db, auth, raffleId, 'sell-out', now);
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
  }
}
