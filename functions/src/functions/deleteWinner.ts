import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { CONTENT, deleteContent, keepsDrawnWinnerListed } from '../services/admin/content';

/** Removes a winner from /winners (administrators, audited); the draw's own winner stays. */
export const deleteWinner = onCallable(CALLABLES.deleteWinner, async ({ winnerId }, admin) => {
  await deleteContent(db, admin, CONTENT.winners, winnerId, keepsDrawnWinnerListed(db));
  return { id: winnerId };
});
