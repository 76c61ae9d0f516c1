import { CALLABLES, drawsCollection } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { recordAudit } from '../services/admin/audit';
import { drawRaffle } from '../services/draws/draw';

/**
 * An administrator runs a closed raffle's draw by hand, through the same code as the
 * schedule (so it still happens exactly once, and only after the close). Asked for a raffle
 * already drawn (by the schedule, or by hand before), it answers that draw and audits nothing:
 * the audit log names who drew, not who looked.
 */
export const drawRaffleNow = onCallable(CALLABLES.drawRaffleNow, async ({ raffleId }, admin) => {
  const drawnBefore = (await db.collection(drawsCollection).doc(raffleId).get()).exists;
  const record = await drawRaffle(db, auth, raffleId, 'admin');
  const answer = {
    status: record.status,
    winningTicketNumber: record.winningTicketNumber,
    winnerName: record.winnerName,
  };
  if (drawnBefore || record.trigger !== 'admin') return answer;
  const batch = db.batch();
  recordAudit(db, batch, admin, {
    action: 'raffle.draw',
    target: `${drawsCollection}/${raffleId}`,
    before: null,
    after: {
      status: record.status,
      winningTicketNumber: record.winningTicketNumber,
      trigger: record.trigger,
    },
  });
  await batch.commit();
  return answer;
});
