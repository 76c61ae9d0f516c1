import { logger } from 'firebase-functions/v2';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { RETRIED, stillWorthHandling } from '../lib/retried';
import { announceDrawResult } from '../services/draws/announce';
import { markLeftOutOnceDrawn } from '../services/draws/draw';

/**
 * When a draw is recorded (by the schedule, a sell-out or an administrator), makes sure the
 * tickets it left out say so, and tells every other entrant the result. Idempotent: a
 * redelivered event tells nobody twice, and a failed one is delivered again (for a day):
 * nothing else announces a draw.
 */
export const onDrawRecorded = onDocumentCreated(
  {
    document: 'draws/{raffleId}',
    region: REGION,
    timeoutSeconds: 540,
    memory: '512MiB',
    ...RETRIED,
  },
  async (event) => {
    if (!stillWorthHandling(event)) return;
    const { raffleId } = event.params;
    // The draw's run marks them; this covers a run that stopped right after its record.
    const markedNow = await markLeftOutOnceDrawn(db, raffleId);
    const result = await announceDrawResult(db, raffleId);
    logger.info('Draw announced', { raffleId, markedNow, ...result });
  },
);
