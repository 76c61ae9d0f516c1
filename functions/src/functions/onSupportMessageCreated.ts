import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { RETRIED, stillWorthHandling } from '../lib/retried';
import { recordSupportMessage } from '../services/support/recordMessage';

/**
 * Keeps each support ticket's last message, unread counters and status in step with its
 * messages (browsers may write messages, never counters), and tells the customer when support
 * replies. Idempotent: a redelivered event changes nothing, and a failed one is delivered again
 * (for a day): nothing else counts a message or tells its reply.
 */
export const onSupportMessageCreated = onDocumentCreated(
  { document: 'supportTickets/{ticketId}/messages/{messageId}', region: REGION, ...RETRIED },
  async (event) => {
    if (!stillWorthHandling(event)) return;
    await recordSupportMessage(db, event.params.ticketId, event.params.messageId);
  },
);
