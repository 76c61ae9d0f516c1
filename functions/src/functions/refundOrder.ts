import { CALLABLES, type RefundOrderOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { refundOrder as refund } from '../services/orders/refundOrder';

/** Order management → Refund (administrators): the order, or chosen tickets, through Stripe. */
export const refundOrder = onCallable(
  CALLABLES.refundOrder,
  async (input, admin): Promise<RefundOrderOutput> => refund(db, admin, input),
);
