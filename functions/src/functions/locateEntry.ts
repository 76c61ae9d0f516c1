import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { entryAtRank, takeEntryListRequest } from '../services/entries/entryList';

/** Where a jump to a far page of an entry list starts (the first ticket number of that page). */
export const locateEntry = onCallable(CALLABLES.locateEntry, async ({ raffleId, rank }, caller) => {
  await takeEntryListRequest(db, caller.uid);
  return { ticketNumber: await entryAtRank(db, raffleId, rank) };
});
