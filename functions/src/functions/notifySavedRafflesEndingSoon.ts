import { onSchedule } from 'firebase-functions/v2/scheduler';
import { db, REGION } from '../lib/firebase';
import { notifySavedRafflesEndingSoon as notify } from '../services/push/endingSoon';

/**
 * Every half hour, tells the customers who saved a raffle closing within a day, once per
 * customer per raffle (in the app, and by push when they chose it).
 */
export const notifySavedRafflesEndingSoon = onSchedule(
  { schedule: 'every 30 minutes', region: REGION, timeoutSeconds: 300 },
  async () => {
    await notify(db);
  },
);
