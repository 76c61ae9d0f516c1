import { CALLABLES, type FulfilmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { placeTickets } from '../services/tickets/placeTickets';

/** Manage Tickets → Add tickets (administrators): the lowest free numbers from a minimum. */
export const addTicketsForUser = onCallable(
  CALLABLES.addTicketsForUser,
  (input, admin): Promise<FulfilmentOutput> => placeTickets(db, admin, input),
);
