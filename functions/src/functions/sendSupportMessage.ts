import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { sendSupportMessage as send } from '../services/support/reply';

/** The customer's message in their own support conversation (a few at a time). */
export const sendSupportMessage = onCallable(
  CALLABLES.sendSupportMessage,
  async ({ ticketId, message }, caller) => ({ id: await send(db, caller, ticketId, message) }),
);
