import { CALLABLES, type FulfilmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { createManualEntry as enterTickets } from '../services/tickets/manualEntry';

/** Manual Raffle Entry (administrators): tickets for a customer through checkout's own path. */
export const createManualEntry = onCallable(
  CALLABLES.createManualEntry,
  (input, admin): Promise<FulfilmentOutput> => enterTickets(db, admin, input),
);
