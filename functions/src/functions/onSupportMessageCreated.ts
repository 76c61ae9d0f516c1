import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { recordSupportMessage } from '../services/support/recordMessage';

/**
 * Keeps each support ticket's last message, unread counters and status in step with its
 * messages (browsers may write messages, never counters), and tells the customer when support
 * replies. Idempotent: a redelivered event changes nothing.
 */
export const onSupportMessageCreated = onDocumentCreated(
  { document: 'supportTickets/{ticketId}/messages/{messageId}', region: REGION },
  async (event) => {
    await recordSupportMessage(db, event.params.ticketId, event.params.messageId);
  },
);
