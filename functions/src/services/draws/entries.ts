import { ticketsCollection } from '@rafflewin/domain';
import type { Firestore, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';

/** A raffle's active tickets (those in its draw, less the ones the draw leaves out). */
export function activeTicketsQuery(db: Firestore, raffleId: string): Query {
  return db
    .collection(ticketsCollection)
    .where('raffleId', '==', raffleId)
    .where('status', '==', 'active');
}

/** Tickets read per page. */
const PAGE = 1000;

/**
 * A raffle's active tickets, a page at a time in ticket-number order, read with only their
 * number, holder and `fields`: the draw freezes its entries from them, and the announcement
 * finds every entrant.
 */
export async function* activeTicketPages(
  db: Firestore,
  raffleId: string,
  fields: string[] = [],
): AsyncGenerator<QueryDocumentSnapshot[]> {
  let cursor: number | null = null;
  for (;;) {
    let q = activeTicketsQuery(db, raffleId)
      .orderBy('ticketNumber')
      .select('ticketNumber', 'userId', ...fields)
      .limit(PAGE);
    if (cursor !== null) q = q.startAfter(cursor);
    const page = await q.get();
    yield page.docs;
    if (page.size < PAGE) return;
    cursor = Number(page.docs[page.size - 1]!.get('ticketNumber'));
  }
}
