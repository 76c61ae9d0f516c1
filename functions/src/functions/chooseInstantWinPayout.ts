import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { chooseInstantWinPayout as choose } from '../services/instantWins/instantWins';

/** How the winner takes an instant prize: the prize, its cash alternative or site credit. */
export const chooseInstantWinPayout = onCallable(
  CALLABLES.chooseInstantWinPayout,
  async ({ winId, payout }, caller) => choose(db, caller.uid, winId, payout),
);
