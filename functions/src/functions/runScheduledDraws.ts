import { logger } from 'firebase-functions/v2';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { auth, db, REGION } from '../lib/firebase';
import { runDueDraws } from '../services/draws/draw';

/**
 * Every five minutes, draws the raffles that have closed. Locally, `npm start` runs the same
 * service on a timer (the emulator does not fire schedules).
 */
export const runScheduledDraws = onSchedule(
  { schedule: 'every 5 minutes', region: REGION, timeoutSeconds: 540 },
  async () => {
    const result = await runDueDraws(db, auth);
    if (result.drawn.length > 0 || result.waiting.length > 0) logger.info('Draws', result);
  },
);
