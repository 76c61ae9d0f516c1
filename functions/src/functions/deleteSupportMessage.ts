import { deleteSupportMessageInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteSupportMessage as deleteMessage } from '../services/support/deleteMessage';

/** Deletes one message of a support conversation (administrators, audited). */
export const deleteSupportMessage = adminOnCall(
  deleteSupportMessageInput,
  async ({ ticketId, messageId }, admin) => {
    await deleteMessage(db, admin, ticketId, messageId);
    return { id: messageId };
  },
);
