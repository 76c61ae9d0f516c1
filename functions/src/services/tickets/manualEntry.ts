import {
  MANUAL_ENTRY_MESSAGES,
  manualOrderNumber,
  type CheckoutSession,
  type FulfilmentOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { fulfilOrGiveBack } from '../checkout/fulfil';
import { keyedReservation, refuseOtherRequest, reserveOnce } from '../checkout/keyedReservation';
import { reserveTickets } from '../checkout/reserve';
import { ADMIN_RESERVE_MESSAGES, entrantCheck, loadEntryTarget } from './entryTarget';

export interface ManualEntry {
  userId: string;
  raffleId: string;
  quantity: number;
  /** The form's key: a repeat carries on with the first try's reservation. */
  requestId?: string;
}

/**
 * Manual Raffle Entry (also free postal entries): the checkout's own path with the
 * administrator as the actor. The tickets are reserved from the raffle's pool (per-user limit
 * and availability checked exactly as for the customer, worded for the administrator), then
 * the one fulfilment issues the numbers and writes tickets, entries, a completed, paid order
 * with payment method `manual_entry` and the confirmation e-mail. No money is taken, so the
 * order is priced at £0. The audit entry is written with the reservation, atomically, and the
 * account is checked again with it (a ban or a break starting meanwhile refuses the entry).
 * Sent again under its form's key, it answers with the first try's tickets (finishing them if
 * that try stopped part way) and enters nothing more.
 */
export async function createManualEntry(
  db: Firestore,
  admin: Caller,
  entry: ManualEntry,
  now = new Date(),
): Promise<FulfilmentOutput> {
  const keyed = entry.requestId
    ? await keyedReservation(db, 'manual-entry', entry.requestId)
    : null;
  const sameRequest = (earlier: CheckoutSession) =>
    refuseOtherRequest(earlier, entry, MANUAL_ENTRY_MESSAGES.keyReused);
  const sessionId = await reserveOnce(db, keyed, sameRequest, async (keyedId) => {
    const { raffle, profile } = await loadEntryTarget(db, entry.userId, entry.raffleId, now);
    const orderNumber = manualOrderNumber(now);
    return reserveTickets(
      db,
      entry.userId,
      [{ raffle, quantity: entry.quantity, answerCorrect: null, unitPrice: 0 }],
      now,
      {
        byStaff: true,
        orderNumber,
        sessionId: keyedId,
        messages: ADMIN_RESERVE_MESSAGES,
        checkLimits: entrantCheck(db, entry.userId, now),
        alsoWrite: (batch, sessionId) =>
          recordAudit(
            db,
            batch,
            admin,
            {
              action: 'manualEntry.create',
              target: `orders/${sessionId}`,
              before: null,
              after: {
                userId: entry.userId,
                userEmail: profile.email,
                raffleId: raffle.id,
                raffleName: raffle.name,
                quantity: entry.quantity,
                orderNumber,
                paymentMethod: 'manual_entry',
              },
            },
            now,
          ),
      },
    );
  });
  return fulfilOrGiveBack(db, sessionId, { method: 'manual_entry' });
}
