import { CALLABLES, drawsCollection } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { recordAudit } from '../services/admin/audit';
import { drawRaffle } from '../services/draws/draw';

/**
 * An administrator runs a closed raffle's draw by hand, through the same code as the
 * schedule (so it still happens exactly once, and only after the close).
 */
export const drawRaffleNow = onCallable(CALLABLES.drawRaffleNow, async ({ raffleId }, admin) => {
  const record = await drawRaffle(db, auth, raffleId, 'admin');
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
  return {
    status: record.status,
    winningTicketNumber: record.winningTicketNumber,
    winnerName: record.winnerName,
  };
});
