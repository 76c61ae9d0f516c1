import { supportMessagesPath, type SenderType } from '@rafflewin/domain';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { db } from '@/lib/firebase';

/**
 * Adds a message to a conversation as its owner ("user") or as support ("admin"); the rules
 * check who may write as which, and a trigger updates the ticket's counters and status.
 */
export async function sendMessage(
  ticketId: string,
  senderId: string,
  senderType: SenderType,
  message: string,
): Promise<void> {
  await addDoc(collection(db, supportMessagesPath(ticketId)), {
    message,
    senderType,
    senderId,
    createdAt: serverTimestamp(),
  });
}
