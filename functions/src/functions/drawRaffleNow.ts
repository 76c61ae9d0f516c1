import { CALLABLES, drawsCollection } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { recordAudit } from '../services/admin/audit';
import { drawRaffle } from '../services/draws/draw';

/**
 * An administrator runs a closed raffle's draw by hand, through the same code as the
 * schedule (so it still happens exactly once, and only after the close). Asked for a raffle
 * already drawn (by the schedule, or by another hand, even a moment ago), it answers that draw
 * and audits nothing: the audit log names who drew, not who looked, so the entry is written in
 * the transaction that records the draw.
 */
export const drawRaffleNow = onCallable(CALLABLES.drawRaffleNow, async ({ raffleId }, admin) => {
  const record = await drawRaffle(db, auth, raffleId, 'admin', new Date(), {
    onRecorded: (tx, drawn) => {
      recordAudit(db, tx, admin, {
        action: 'raffle.draw',
        target: `${drawsCollection}/${raffleId}`,
        before: null,
        after: {
          status: drawn.status,
          winningTicketNumber: drawn.winningTicketNumber,
          trigger: drawn.trigger,
        },
      });
    },
  });
  return {
    status: record.status,
    winningTicketNumber: record.winningTicketNumber,
    winnerName: record.winnerName,
  };
});
