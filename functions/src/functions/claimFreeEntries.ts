import { CHECKOUT_MESSAGES, claimFreeEntriesInput, type FulfilmentOutput } from '@rafflewin/domain';
import { HttpsError } from 'firebase-functions/v2/https';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { fulfilReservation } from '../services/checkout/fulfil';
import { ownPendingSession } from '../services/checkout/ownPendingSession';

/** Completes a zero-total reservation through the same fulfilment as card payments. */
export const claimFreeEntries = validatedOnCall(
  claimFreeEntriesInput,
  async (input, request): Promise<FulfilmentOutput> => {
    const caller = await requireCustomer(request);
    const session = await ownPendingSession(db, input.sessionId, caller.uid);
    if (session.amount !== 0)
      throw new HttpsError('failed-precondition', CHECKOUT_MESSAGES.notFree);
    // Paid for entirely with account credit, or free.
    const method = session.creditApplied > 0 ? 'Account Credit' : 'Free Entry';
    return fulfilReservation(db, session.id, { method });
  },
);
