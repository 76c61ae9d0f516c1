import { CALLABLES, ShopError, CHECKOUT_MESSAGES, type FulfilmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { fulfilReservation } from '../services/checkout/fulfil';
import { ownPendingSession } from '../services/checkout/ownPendingSession';

/** Completes a zero-total reservation through the same fulfilment as card payments. */
export const claimFreeEntries = onCallable(
  CALLABLES.claimFreeEntries,
  async (input, caller): Promise<FulfilmentOutput> => {
    const session = await ownPendingSession(db, input.sessionId, caller.uid);
    if (session.amount !== 0) throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.notFree);
    // Paid for entirely with account credit, or free.
    const method = session.creditApplied > 0 ? 'Account Credit' : 'Free Entry';
    return fulfilReservation(db, session.id, { method });
  },
);
