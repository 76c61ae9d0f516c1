import type { Firestore } from 'firebase-admin/firestore';
import { entriesRef, ticketsRef } from '../../lib/collections';
import { holderRef, readHolder } from '../pool/shards';

/** At most this many tickets per transaction (each is a write and an entry's delete). */
export const VOID_BATCH = 200;

export interface VoidedTicket {
  raffleId: string;
  ticketNumber: number;
}

const holderKey = (raffleId: string, userId: string) => `${raffleId}/${userId}`;

/**
 * Makes the named tickets void (a refund, a dispute): each leaves the public entry list and
 * stops counting towards its holder's per-customer limit, so a customer refunded may buy again
 * up to it. One transaction per batch, and only tickets still active are changed, so running
 * it again (a refund resumed) voids and uncounts nothing twice. Answers every ticket found,
 * void already or not, for the steps after it (their instant wins), which are idempotent.
 */
export async function voidTickets(db: Firestore, ticketIds: string[]): Promise<VoidedTicket[]> {
  const found: VoidedTicket[] = [];
  for (let start = 0; start < ticketIds.length; start += VOID_BATCH) {
    const refs = ticketIds.slice(start, start + VOID_BATCH).map((id) => ticketsRef(db).doc(id));
    const batch = await db.runTransaction(async (tx) => {
      const tickets = (await tx.getAll(...refs)).flatMap((snap) => {
        const ticket = snap.data();
        return ticket ? [{ ref: snap.ref, ...ticket }] : [];
      });
      const active = tickets.filter((ticket) => ticket.status === 'active');
      const uncount = new Map<string, { raffleId: string; userId: string; n: number }>();
      for (const { raffleId, userId } of active) {
        const key = holderKey(raffleId, userId);
        const entry = uncount.get(key) ?? { raffleId, userId, n: 0 };
        uncount.set(key, { ...entry, n: entry.n + 1 });
      }
      const holders = [...uncount.values()];
      const holderSnaps = holders.length
        ? await tx.getAll(...holders.map((h) => holderRef(db, h.raffleId, h.userId)))
        : [];
      holderSnaps.forEach((snap, i) => {
        if (!snap.exists) return;
        const owned = readHolder(snap).owned;
        tx.update(snap.ref, { owned: Math.max(0, owned - holders[i]!.n) });
      });
      for (const ticket of active) {
        tx.update(ticket.ref, { status: 'void' });
        tx.delete(entriesRef(db, ticket.raffleId).doc(String(ticket.ticketNumber)));
      }
      return tickets.map(({ raffleId, ticketNumber }) => ({ raffleId, ticketNumber }));
    });
    found.push(...batch);
  }
  return found;
}
