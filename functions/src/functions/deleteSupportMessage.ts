import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteSupportMessage as deleteMessage } from '../services/support/deleteMessage';

/** Deletes one message of a support conversation (administrators, audited). */
export const deleteSupportMessage = onCallable(
  CALLABLES.deleteSupportMessage,
  async ({ ticketId, messageId }, admin) => {
    await deleteMessage(db, admin, ticketId, messageId);
    return { id: messageId };
  },
);
