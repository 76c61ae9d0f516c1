import { onSchedule } from 'firebase-functions/v2/scheduler';
import { db, REGION } from '../lib/firebase';
import { redeliverMail as redeliver } from '../services/mail/deliver';

/**
 * Every ten minutes, sends again what the outbox's trigger did not: e-mails still pending, a
 * delivery that died part-way, or ones the SMTP server refused (redeliverMail).
 */
export const redeliverMail = onSchedule(
  { schedule: 'every 10 minutes', region: REGION, timeoutSeconds: 540 },
  async () => {
    await redeliver(db);
  },
);
