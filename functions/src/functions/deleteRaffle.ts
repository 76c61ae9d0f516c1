import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteRaffle as remove } from '../services/raffles/remove';

/** Deletes a raffle without tickets (administrators, audited); one with tickets must be cancelled. */
export const deleteRaffle = onCallable(CALLABLES.deleteRaffle, async ({ raffleId }, admin) => {
  await remove(db, admin, raffleId);
  return { id: raffleId };
});
