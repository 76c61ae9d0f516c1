import { saveRaffleInput, type SavedContentOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveRaffle as save } from '../services/raffles/save';

/** Creates a raffle with its ticket pool, or edits one (administrators, audited). */
export const saveRaffle = adminOnCall(
  saveRaffleInput,
  async (input, admin): Promise<SavedContentOutput> => save(db, admin, input),
);
