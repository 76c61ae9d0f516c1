import { onSchedule } from 'firebase-functions/v2/scheduler';
import { auth, db, REGION } from '../lib/firebase';
import { finishPendingDeletions } from '../services/account/deleteAccount';
import { expireReservations } from '../services/checkout/release';
import { resumeStalledFreeClaims } from '../services/checkout/resumeStalled';

/**
 * Every five minutes, gives the tickets of unpaid, timed-out checkouts back to the pool,
 * finishes free claims that stopped part-way (resumeStalledFreeClaims), then the account
 * deletions that waited for a payment (deleteAccountOrLater).
 */
export const expireCheckoutReservations = onSchedule(
  { schedule: 'every 5 minutes', region: REGION },
  async () => {
    await expireReservations(db);
    await resumeStalledFreeClaims(db);
    await finishPendingDeletions(db, auth);
  },
);
