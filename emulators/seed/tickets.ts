/**
 * Real ticket documents for the seeded sold counts: tickets, public entries, orders, pool
 * shards and per-player holder counts, consistent with what checkout would have written.
 */
import {
  DEFAULT_SHARD_COUNT,
  entriesPath,
  holderDisplayName,
  holdersPath,
  orderSearchTerms,
  ordersCollection,
  shardLayout,
  shardsPath,
  ticketId,
  ticketsCollection,
  userPath,
  type OrderData,
  type TicketData,
  type UserProfileData,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { DEMO_USERS } from '../config';
import { DEMO_PLAYERS, type DemoRaffle } from './demoData';
import { demoCustomerTicket } from './demoCustomer';

export type Write = [path: string, data: object];

function playerFor(ticketNumber: number) {
  return DEMO_PLAYERS[(ticketNumber - 1) % DEMO_PLAYERS.length]!;
}

export function playerProfiles(now: Date): Write[] {
  return DEMO_PLAYERS.map((player): Write => {
    const profile: UserProfileData = {
      email: `${player.uid}@players.example.com`,
      username: null,
      bio: null,
      firstName: player.firstName,
      lastName: player.lastName,
      phoneNumber: null,
      dateOfBirth: '1985-03-01',
      banned: false,
      createdAt: now,
      updatedAt: now,
    };
    return [userPath(player.uid), profile];
  });
}

/** Every document a raffle's sold tickets need, numbers 1…sold issued from its shards. */
export function raffleTicketWrites(raffle: DemoRaffle, now: Date): Write[] {
  const { id: raffleId, data } = raffle;
  const sold = data.soldTickets;
  const purchaseDate = new Date(Math.min(now.getTime(), data.endDate.getTime()) - 3_600_000);
  const writes: Write[] = shardLayout(data.maxTickets, DEFAULT_SHARD_COUNT).map((shard) => [
    `${shardsPath(raffleId)}/${shard.index}`,
    { ...shard, sold: Math.min(shard.size, Math.max(0, sold - shard.start + 1)), holds: {} },
  ]);
  const byPlayer = new Map<string, number[]>();
  let demoCustomerOwned = 0;
  for (let n = 1; n <= sold; n += 1) {
    // A few numbers belong to the demo customer (their orders are in demoCustomer.ts).
    const demo = demoCustomerTicket(raffleId, n, now);
    const player = demo ?? playerFor(n);
    if (demo) demoCustomerOwned += 1;
    else byPlayer.set(player.uid, [...(byPlayer.get(player.uid) ?? []), n]);
    const orderId = demo?.orderId ?? `seed-${raffleId}-${player.uid}`;
    const ticket: TicketData = {
      userId: player.uid,
      raffleId,
      ticketNumber: n,
      orderId,
      purchaseDate: demo?.purchaseDate ?? purchaseDate,
      raffle: {
        name: data.name,
        category: data.category,
        imageUrl: data.imageUrl,
        endDate: data.endDate,
        ticketPrice: data.ticketPrice,
      },
      eligible: demo?.eligible ?? true,
      status: 'active',
      // Issued to customers: the draw judges them as such whatever their claims by then.
      issuedToStaff: false,
    };
    writes.push([`${ticketsCollection}/${ticketId(raffleId, n)}`, ticket]);
    writes.push([
      `${entriesPath(raffleId)}/${n}`,
      {
        ticketNumber: n,
        holderName: holderDisplayName(player.firstName, player.lastName, n),
        category: data.category,
      },
    ]);
  }
  if (demoCustomerOwned > 0) {
    writes.push([
      `${holdersPath(raffleId)}/${DEMO_USERS.customer.uid}`,
      { owned: demoCustomerOwned, holds: {} },
    ]);
  }
  for (const [uid, numbers] of byPlayer) {
    writes.push([`${holdersPath(raffleId)}/${uid}`, { owned: numbers.length, holds: {} }]);
    const orderNumber = `RW-SEED-${raffleId.slice(0, 6).toUpperCase()}-${uid.slice(7)}`;
    const order: OrderData = {
      orderNumber,
      userId: uid,
      userEmail: `${uid}@players.example.com`,
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: data.ticketPrice === 0 ? 'Free Entry' : 'Card',
      cardFunding: data.ticketPrice === 0 ? null : 'debit',
      creditApplied: 0,
      items: [
        {
          raffleId,
          name: data.name,
          quantity: numbers.length,
          unitPrice: data.ticketPrice,
          totalPrice: data.ticketPrice * numbers.length,
          ticketNumbers: numbers,
        },
      ],
      totalAmount: data.ticketPrice * numbers.length,
      checkoutSessionId: null,
      createdAt: purchaseDate,
      updatedAt: purchaseDate,
      searchTerms: orderSearchTerms(orderNumber, [data.name]),
    };
    writes.push([`${ordersCollection}/seed-${raffleId}-${uid}`, order]);
  }
  return writes;
}

/** Writes in batches of 450 (Firestore caps a batch at 500 writes). */
export async function writeAll(db: Firestore, writes: Write[]): Promise<void> {
  const batches: Write[][] = [];
  for (let i = 0; i < writes.length; i += 450) batches.push(writes.slice(i, i + 450));
  // A few batches in flight at once: the ~10,000 seed writes take a fraction of the time
  // they take one batch after another (each test file seeds, so this shortens npm test).
  const next = async (): Promise<void> => {
    const chunk = batches.shift();
    if (!chunk) return;
    const batch = db.batch();
    for (const [path, data] of chunk) batch.set(db.doc(path), data);
    await batch.commit();
    await next();
  };
  await Promise.all(Array.from({ length: 4 }, next));
}
