import { supportTicketPath, supportTicketSchema } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const converter = converterFor(supportTicketSchema);

/** One support ticket, live (its status, counters and last message change as people write). */
export function useTicket(ticketId: string) {
  const ref = useMemo(
    () => doc(db, supportTicketPath(ticketId)).withConverter(converter),
    [ticketId],
  );
  return useDocumentData(ref);
}
