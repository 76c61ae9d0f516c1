import { logger } from 'firebase-functions/v2';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { announceDrawResult } from '../services/draws/announce';

/**
 * When a draw is recorded (by the schedule, a sell-out or an administrator), tells every other
 * entrant the result. Idempotent: a redelivered event tells nobody twice.
 */
export const onDrawRecorded = onDocumentCreated(
  { document: 'draws/{raffleId}', region: REGION, timeoutSeconds: 540, memory: '512MiB' },
  async (event) => {
    const result = await announceDrawResult(db, event.params.raffleId);
    logger.info('Draw announced', { raffleId: event.params.raffleId, ...result });
  },
);
