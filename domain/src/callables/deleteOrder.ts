import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** The Order management screen's messages. */
export const ORDER_ADMIN_MESSAGES = {
  notFound: 'Order not found',
  paidRefused: 'Paid orders cannot be deleted: they are the record of a payment. Refund it first.',
  moneyOpen:
    'This order cannot be deleted while its money is still moving: a dispute, a refund under way, or a refund owed by hand.',
  onInstantPrize: (n: number) =>
    `Ticket ${n} of this order is on an instant prize, so the order cannot be deleted: refund it instead`,
  /** As a ticket of such a raffle (`TICKET_ADMIN_MESSAGES.instantPrizeRaffle`). */
  instantPrizeRaffle:
    'This order has tickets in a raffle with instant prizes, so it cannot be deleted before that draw: an entry taken back could be made again until it won a prize',
  deleteConfirm: 'Are you sure you want to delete this order? This action cannot be undone.',
  deleted: 'Order deleted successfully',
  loadFailed: 'Failed to load orders',
  deleteFailed: 'Failed to delete order',
} as const;

/**
 * `deleteOrder` (administrators): deletes an order and its tickets, giving their numbers back
 * to the pool (public entries, per-customer counts and raffle counts follow). Orders that took
 * money (paid, total above £0) are refused: they are financial records.
 */
export const deleteOrderInput = z.object({ orderId: idSchema }).strict();
export type DeleteOrderInput = z.infer<typeof deleteOrderInput>;

export interface DeleteOrderOutput {
  orderId: string;
  ticketsRemoved: number;
}

export const deleteOrderContract = defineCallable({
  name: 'deleteOrder',
  access: 'admin',
  input: deleteOrderInput,
  output: answer<DeleteOrderOutput>(),
});
