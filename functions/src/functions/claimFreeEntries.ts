import { CALLABLES, type FulfilmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { claimOwnFreeEntries } from '../services/checkout/ownPendingSession';

/** Completes a zero-total reservation through the same fulfilment as card payments. */
export const claimFreeEntries = onCallable(
  CALLABLES.claimFreeEntries,
  async (input, caller): Promise<FulfilmentOutput> =>
    claimOwnFreeEntries(db, input.sessionId, caller.uid),
);
