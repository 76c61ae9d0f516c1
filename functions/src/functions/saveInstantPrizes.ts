import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveInstantPrizes as save } from '../services/instantWins/instantWins';

/** A raffle's instant prizes, set before sales and committed (administrators, audited). */
export const saveInstantPrizes = onCallable(
  CALLABLES.saveInstantPrizes,
  async ({ raffleId, prizes, seenUpdatedAt }, admin) =>
    save(db, admin, raffleId, prizes, seenUpdatedAt),
);
