import { onSchedule } from 'firebase-functions/v2/scheduler';
import { db, REGION } from '../lib/firebase';
import { expireReservations } from '../services/checkout/release';

/** Every five minutes, gives the tickets of unpaid, timed-out checkouts back to the pool. */
export const expireCheckoutReservations = onSchedule(
  { schedule: 'every 5 minutes', region: REGION },
  async () => {
    await expireReservations(db);
  },
);
