/**
 * Fulfilment: one order of 1,000 tickets, paid with a debit test card on the Stripe double's
 * page; its webhook event runs the one fulfilment service every payment path uses (warmed
 * first). Time from the payment to the fulfilled order, and the documents that fulfilment
 * wrote, counted afterwards.
 */
import {
  entriesPath,
  mailCollection,
  ordersCollection,
  rafflePath,
  ticketsCollection,
} from '@rafflewin/domain';
import type { Query } from 'firebase-admin/firestore';
import { adminDb, eventually } from '../support/admin';
import { callOk, newCustomer } from '../support/customers';
import { buyTickets, createRaffle, line } from '../support/raffles';
import { CARDS, payByCard } from '../support/stripeDouble';
import { fmt, median, since } from './stats';
import type { Benchmark, BenchRow } from './types';

const QUANTITY = 1_000;

const count = async (q: Query) => (await q.count().get()).data().count;

export const fulfilment: Benchmark = {
  name: 'fulfilment',
  async run(ctx) {
    const customer = await newCustomer('Bulk', 'Buyer');
    // Warm both callables' workers with a one-ticket purchase.
    await buyTickets(customer, await createRaffle({ maxTickets: 10 }), 1);

    const wall: number[] = [];
    const written: number[] = [];
    for (let i = 0; i < ctx.repeats; i += 1) {
      const raffleId = await createRaffle({ maxTickets: QUANTITY, maxTicketsPerUser: QUANTITY });
      await eventually(
        async () =>
          (await adminDb.doc(rafflePath(raffleId)).get()).get('drawCommitment') ? 1 : null,
        { timeoutMs: 60_000, what: 'the draw commitment' },
      );
      const started = await callOk(
        'startCheckout',
        { items: [line(raffleId, QUANTITY)] },
        customer,
      );
      const start = performance.now();
      const paid = await payByCard(started, CARDS.debit);
      wall.push(since(start));

      const numbers = paid.ticketNumbers[raffleId] ?? [];
      if (numbers.length !== QUANTITY || new Set(numbers).size !== QUANTITY) {
        throw new Error(`Issued ${numbers.length} numbers (${new Set(numbers).size} distinct)`);
      }
      const session = await adminDb.doc(`checkoutSessions/${started.sessionId}`).get();
      const shards = new Set(
        (session.get('allocation') as Array<{ shard: number }>).map((a) => a.shard),
      ).size;
      const tickets = await count(
        adminDb.collection(ticketsCollection).where('orderId', '==', paid.orderId),
      );
      const entries = await count(adminDb.collection(entriesPath(raffleId)));
      const order = (await adminDb.doc(`${ordersCollection}/${paid.orderId}`).get()).exists ? 1 : 0;
      const mail = (await adminDb.doc(`${mailCollection}/order-${paid.orderId}`).get()).exists
        ? 1
        : 0;
      // + the reservation (updated), its pool shards and the buyer's holder document.
      const total = tickets + entries + order + mail + 1 + shards + 1;
      written.push(total);
      ctx.log(
        `  run ${i + 1}: ${fmt(wall.at(-1)! / 1000, 2)} s; ${tickets} tickets, ${entries} entries, ` +
          `${order} order, ${mail} e-mail, 1 reservation, ${shards} shards, 1 holder`,
      );
    }
    const configuration = `1 order × ${fmt(QUANTITY)} tickets, debit card on the Stripe double, fulfilled by its webhook (warm)`;
    const benchmark = 'Fulfilment';
    const row = (
      measured: string,
      samples: number[],
      digits: number,
      comparison?: string,
    ): BenchRow => ({
      benchmark,
      measured,
      configuration,
      median: fmt(median(samples), digits),
      samples,
      ...(comparison ? { comparison } : {}),
    });
    return [
      row(
        'time to fulfil (s, payment request to answer)',
        wall.map((ms) => ms / 1000),
        2,
      ),
      row(
        'documents written',
        written,
        0,
        'a ticket and a public entry per ticket; order, e-mail, reservation, pool shards, holder',
      ),
    ];
  },
};
