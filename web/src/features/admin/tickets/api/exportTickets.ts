import { csvText } from '@/lib/csv';
import {
  TICKET_EXPORT_PAGE_SIZE,
  ticketSchema,
  ticketsCollection,
  type Raffle,
  ukToday,
} from '@rafflewin/domain';
import { orderBy, query, where } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestoreApi';
import { pagesOf } from '@/lib/pagedQuery';
import { loadProfiles } from './loadProfiles';

const tickets = typedCollection(ticketsCollection, ticketSchema);

export type ExportFormat = 'csv' | 'json';

/** One exported ticket: the admin ticket row with the customer's names. */
export interface ExportedTicket {
  ticket_id: string;
  ticket_number: number;
  raffle_id: string;
  raffle_name: string;
  raffle_category: string;
  user_id: string;
  user_email: string;
  user_first_name: string;
  user_last_name: string;
  purchase_date: string;
  status: string;
  in_draw: boolean;
  order_id: string;
}

export const EXPORT_COLUMNS: Array<keyof ExportedTicket> = [
  'ticket_id',
  'ticket_number',
  'raffle_id',
  'raffle_name',
  'raffle_category',
  'user_id',
  'user_email',
  'user_first_name',
  'user_last_name',
  'purchase_date',
  'status',
  'in_draw',
  'order_id',
];

/**
 * Every ticket of one raffle in ticket-number order, read 500 at a time with a cursor, each
 * page joined with its customers' profiles.
 */
export async function readRaffleTickets(raffleId: string): Promise<ExportedTicket[]> {
  const rows: ExportedTicket[] = [];
  const ordered = query(tickets, where('raffleId', '==', raffleId), orderBy('ticketNumber'));
  for await (const page of pagesOf(ordered, TICKET_EXPORT_PAGE_SIZE)) {
    const profiles = await loadProfiles(page.map((t) => t.userId));
    for (const ticket of page) {
      const profile = profiles.get(ticket.userId);
      rows.push({
        ticket_id: ticket.id,
        ticket_number: ticket.ticketNumber,
        raffle_id: ticket.raffleId,
        raffle_name: ticket.raffle.name,
        raffle_category: ticket.raffle.category,
        user_id: ticket.userId,
        user_email: profile?.email ?? '',
        user_first_name: profile?.firstName ?? '',
        user_last_name: profile?.lastName ?? '',
        purchase_date: ticket.purchaseDate.toISOString(),
        status: ticket.status,
        // Known once the draw has run (wrong answers are kept apart until then).
        in_draw: ticket.status === 'active' && ticket.eligible !== false,
        order_id: ticket.orderId,
      });
    }
  }
  return rows;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'raffle'
  );
}

/** The file's name: the raffle and today's UK date, e.g. tickets-macbook-2025-11-22.csv. */
export function exportFileName(raffle: Pick<Raffle, 'name'>, format: ExportFormat, now: Date) {
  return `tickets-${slug(raffle.name)}-${ukToday(now)}.${format}`;
}

/** The file's text: JSON, or CSV with formulas escaped (`csvText`). */
export async function exportText(rows: ExportedTicket[], format: ExportFormat): Promise<string> {
  if (format === 'json') return JSON.stringify(rows, null, 2);
  return csvText(rows, [...EXPORT_COLUMNS]);
}
