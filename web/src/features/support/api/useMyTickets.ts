import {
  SUPPORT_CONSTANTS,
  supportTicketSchema,
  supportTicketsCollection,
  type SupportTicket,
} from '@rafflewin/domain';
import { collection, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useLivePages, type LivePages } from '@/lib/livePages';

const tickets = collection(db, supportTicketsCollection).withConverter(
  converterFor(supportTicketSchema),
);

/** The customer's support tickets, latest activity first, live, a page at a time. */
export function useMyTickets(uid: string | null): LivePages<SupportTicket> {
  const base = useMemo(
    () =>
      uid ? query(tickets, where('userId', '==', uid), orderBy('lastMessageAt', 'desc')) : null,
    [uid],
  );
  return useLivePages(base, SUPPORT_CONSTANTS.ticketsPageSize);
}
