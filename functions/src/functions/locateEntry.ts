import { CALLABLES, RATE_LIMITS } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { entryAtRank, entryListLimitKey } from '../services/entries/entryList';
import { enforceRateLimit } from '../services/rateLimit';

/** Where a jump to a far page of an entry list starts (the first ticket number of that page). */
export const locateEntry = onCallable(CALLABLES.locateEntry, async ({ raffleId, rank }, caller) => {
  await enforceRateLimit(db, entryListLimitKey(caller.uid), RATE_LIMITS.entryList);
  return { ticketNumber: await entryAtRank(db, raffleId, rank) };
});
