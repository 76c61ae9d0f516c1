import { CALLABLES, type DeleteOrderOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteOrder as removeOrder } from '../services/orders/deleteOrder';

/** Order management → Delete (administrators): the order with its tickets, unless paid. */
export const deleteOrder = onCallable(
  CALLABLES.deleteOrder,
  async (input, admin): Promise<DeleteOrderOutput> => ({
    orderId: input.orderId,
    ...(await removeOrder(db, admin, input.orderId)),
  }),
);
