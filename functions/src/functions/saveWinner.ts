import { CALLABLES, type SavedContentOutput, type WinnerData } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { CONTENT, keepsDrawnWinner, saveContent } from '../services/admin/content';

/**
 * Adds or edits a winner shown on /winners (administrators, audited); the draw's own winner
 * keeps its raffle and number.
 */
export const saveWinner = onCallable(
  CALLABLES.saveWinner,
  async (
    { winnerId, seenUpdatedAt, announcementDate, ...fields },
    admin,
  ): Promise<SavedContentOutput> => {
    const winner: WinnerData = {
      ...fields,
      announcementDate: new Date(announcementDate),
      updatedAt: new Date(),
      // The public page's document names no account: who saved it is in the audit log.
      updatedBy: 'admin',
    };
    return saveContent(
      db,
      admin,
      CONTENT.winners,
      { id: winnerId, seenUpdatedAt },
      winner,
      keepsDrawnWinner(db, winner),
    );
  },
);
