import { CALLABLES, type SaveRaffleOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveRaffle as save } from '../services/raffles/save';

/** Creates a raffle with its ticket pool, or edits one (administrators, audited). */
export const saveRaffle = onCallable(
  CALLABLES.saveRaffle,
  async (input, admin): Promise<SaveRaffleOutput> => save(db, admin, input),
);
