import { supportMessagesPath } from '@rafflewin/domain';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/**
 * Adds the customer's message to their conversation (support replies through the
 * replyToSupportTicket callable); the rules check the sender, and a trigger updates the
 * ticket's counters and status (a closed conversation reopens).
 */
export async function sendMessage(
  ticketId: string,
  senderId: string,
  message: string,
): Promise<void> {
  await addDoc(collection(db, supportMessagesPath(ticketId)), {
    message,
    senderType: 'user',
    senderId,
    createdAt: serverTimestamp(),
  });
}
