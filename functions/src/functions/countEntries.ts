import { CALLABLES, RATE_LIMITS } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { entryListLimitKey, entryTotals } from '../services/entries/entryList';
import { enforceRateLimit } from '../services/rateLimit';

/** The totals of the entry lists /entries shows: the rules leave the browser no count of its own. */
export const countEntries = onCallable(CALLABLES.countEntries, async ({ raffleIds }, caller) => {
  await enforceRateLimit(db, entryListLimitKey(caller.uid), RATE_LIMITS.entryList);
  return { totals: await entryTotals(db, raffleIds) };
});
