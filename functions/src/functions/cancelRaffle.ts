import { CALLABLES, type CancelRaffleOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { cancelRaffle as cancel } from '../services/raffles/cancel';

/** Cancels a raffle: refunds, voids its tickets, tells its customers (administrators, audited, idempotent). */
export const cancelRaffle = onCallable(
  CALLABLES.cancelRaffle,
  async ({ raffleId }, admin): Promise<CancelRaffleOutput> => cancel(db, admin, raffleId),
);
