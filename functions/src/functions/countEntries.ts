import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { entryTotals, takeEntryListRequest } from '../services/entries/entryList';

/** The totals of the entry lists /entries shows: the rules leave the browser no count of its own. */
export const countEntries = onCallable(CALLABLES.countEntries, async ({ raffleIds }, caller) => {
  await takeEntryListRequest(db, caller.uid);
  return { totals: await entryTotals(db, raffleIds) };
});
