import { cancelRaffleInput, type CancelRaffleOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { cancelRaffle as cancel } from '../services/raffles/cancel';

/** Cancels a raffle: refunds, voids its tickets, tells its customers (administrators, audited, idempotent). */
export const cancelRaffle = adminOnCall(
  cancelRaffleInput,
  async ({ raffleId }, admin): Promise<CancelRaffleOutput> => cancel(db, admin, raffleId),
);
