import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { profileRef } from '../lib/collections';
import { monthSpending } from '../services/protection/protection';
import { carriedControls } from '../services/protection/selfExclusion';

/**
 * Responsible Play's "spent this month": the figure a checkout checks against the limit,
 * which the browser cannot add up itself (a deleted account's spending is kept by the server).
 */
export const getMonthSpending = onCallable(CALLABLES.getMonthSpending, async (_input, caller) => {
  const email = (await profileRef(db, caller.uid).get()).data()?.email;
  return monthSpending(db, caller.uid, await carriedControls(db, email), new Date());
});
