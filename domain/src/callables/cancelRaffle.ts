import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `cancelRaffle` (administrators): refunds every paid order's lines for the raffle, voids its
 * tickets, deactivates it and tells each customer. Idempotent: running it again refunds
 * nothing twice.
 */
export const cancelRaffleInput = z.object({ raffleId: idSchema }).strict();
export type CancelRaffleInput = z.infer<typeof cancelRaffleInput>;

export interface CancelRaffleOutput {
  /** Orders refunded by this run (orders refunded by an earlier run are not counted). */
  refundedOrders: number;
  /** Pence refunded by this run. */
  refundedAmount: number;
  voidedTickets: number;
  notifiedCustomers: number;
  /** Paid orders with no card payment on record to refund automatically (a person must). */
  manualRefunds: number;
  /** Account credit given back (the part of orders paid with it), in pence. */
  creditReturned: number;
  /**
   * Orders whose refund failed this run (the payment provider refused or could not be
   * reached): the others went ahead; running the cancellation again retries these.
   */
  failedOrders: string[];
}

export const cancelRaffleContract = defineCallable({
  name: 'cancelRaffle',
  access: 'admin',
  input: cancelRaffleInput,
  output: answer<CancelRaffleOutput>(),
});
