import { deleteRaffleInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteRaffle as remove } from '../services/raffles/remove';

/** Deletes a raffle without tickets (administrators, audited); one with tickets must be cancelled. */
export const deleteRaffle = adminOnCall(deleteRaffleInput, async ({ raffleId }, admin) => {
  await remove(db, admin, raffleId);
  return { id: raffleId };
});
