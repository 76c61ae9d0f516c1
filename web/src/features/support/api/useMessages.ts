import { SUPPORT_CONSTANTS, supportMessageSchema, supportMessagesPath } from '@rafflewin/domain';
import { collection, limitToLast, orderBy, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

// A message just sent reads its server time as an estimate until the server confirms it.
const converter = converterFor(supportMessageSchema, { estimateServerTimestamps: true });

/**
 * A conversation's latest messages, oldest first, live: a new message appears at once for
 * both sides (a listener, not polling). `shown` grows with "Show earlier messages"
 * (`hasEarlier`: there are some); `generation` changes to listen afresh (the refresh button).
 */
export function useMessages(ticketId: string, shown: number, generation: number) {
  const messages = useMemo(
    () =>
      query(
        collection(db, supportMessagesPath(ticketId)).withConverter(converter),
        orderBy('createdAt'),
        // One more than shown: whether there are earlier messages to offer.
        limitToLast(shown + 1),
      ),
    // `generation` only forces a new listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ticketId, shown, generation],
  );
  const answered = useQueryData(messages);
  return useMemo(
    () => ({
      ...answered,
      data: answered.data.slice(-shown),
      hasEarlier: answered.data.length > shown,
    }),
    [answered, shown],
  );
}

export const MESSAGES_PAGE = SUPPORT_CONSTANTS.messagesPageSize;
