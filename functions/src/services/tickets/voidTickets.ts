import { rafflePath } from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
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
 * Whether a raffle's void tickets go on counting towards their holders' per-customer limit: in
 * a raffle with instant prizes not drawn yet, a ticket refunded after it missed the prizes,
 * uncounted, would let its holder buy again for another try, as often as an administrator
 * refunds them, each try from fewer numbers; counted, refunds give nobody more tries than the
 * limit gives everyone.
 */
function keepsVoidCounted(raffle: DocumentSnapshot): boolean {
  const prizes = raffle.get('instantPrizes') as unknown[] | undefined;
  return (prizes?.length ?? 0) > 0 && (raffle.get('drawStatus') ?? 'pending') === 'pending';
}

/**
 * Makes the named tickets void (a refund, a dispute): each leaves the public entry list and
 * stops counting towards its holder's per-customer limit, so a customer refunded may buy again
 * up to it (except in a raffle with instant prizes before its draw: keepsVoidCounted). One
 * transaction per batch, and only tickets still active are changed, so running it again (a
 * refund resumed) voids and uncounts nothing twice. Answers every ticket found, void already
 * or not, for the steps after it (their instant wins), which are idempotent.
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
      const raffleIds = [...new Set(active.map((ticket) => ticket.raffleId))];
      const raffles = raffleIds.length
        ? await tx.getAll(...raffleIds.map((id) => db.doc(rafflePath(id))))
        : [];
      const counted = new Set(raffles.filter(keepsVoidCounted).map((raffle) => raffle.id));
      const holders = [...uncount.values()].filter((h) => !counted.has(h.raffleId));
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
