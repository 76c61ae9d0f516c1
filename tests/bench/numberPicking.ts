/**
 * Number picking. (1) What one page of the number board reads in a 1,000,000-number pool: the
 * board's own query (boardPageQuery, as the shop runs it), its documents and their size, on a
 * fresh pool and with the page's shard half sold by picks (5,000 numbers in its list).
 * (2) A burst of 100 buyers on one raffle, each picking 3 numbers at random from the same 150
 * (so many want the same ones) through the real `startCheckout` handler in-process, then every
 * reservation paid: no number issued twice, every ticket issued exactly as picked, and every
 * refusal is "taken" naming the numbers (reason `numbers-taken`).
 */
import { boardPageQuery, shardsPath, type StartCheckoutOutput } from '@rafflewin/domain';
import { startCheckout } from '../../functions/src/functions/startCheckout';
import { fulfilReservation } from '../../functions/src/services/checkout/fulfil';
import { ensureShards } from '../../functions/src/services/pool/shards';
import { adminDb } from '../support/admin';
import { newCustomers } from '../support/customers';
import { commitmentOf, createRaffle, line, ticketNumbersOf } from '../support/raffles';
import { requestFor, withoutErrorLogs } from './checkoutBurst';
import { fmt, mapLimit, median, percentile, since } from './stats';
import type { Benchmark, BenchRow } from './types';

const POOL = 1_000_000;
const BUYERS = 100;
const PICKS = 3;
const HOT_NUMBERS = 150;

/** One page's read as the shop makes it: documents and bytes (JSON of their fields). */
async function readBoardPage(raffleId: string, page: number) {
  const query = boardPageQuery(page, POOL);
  const snapshot = await adminDb
    .collection(shardsPath(raffleId))
    .where('start', '>', query.startAfter)
    .where('start', '<=', query.to)
    .orderBy('start', 'desc')
    .limit(query.limit)
    .get();
  const bytes = snapshot.docs.reduce((sum, doc) => sum + JSON.stringify(doc.data()).length, 0);
  return { documents: snapshot.size, bytes };
}

async function boardReadCost() {
  const raffleId = await createRaffle({ numberPicking: true, maxTickets: POOL });
  await ensureShards(adminDb, raffleId, POOL);
  const shards = (await adminDb.collection(shardsPath(raffleId)).count().get()).data().count;
  const page = 4_242; // numbers 424,201–424,300
  const fresh = await readBoardPage(raffleId, page);
  // Half of the page's shard sold by picks: 5,000 of its 10,000 numbers, spread out.
  const shard = (
    await adminDb
      .collection(shardsPath(raffleId))
      .where('start', '<=', 424_201)
      .orderBy('start', 'desc')
      .limit(1)
      .get()
  ).docs[0]!;
  const start = shard.get('start') as number;
  const taken = Array.from({ length: 5_000 }, (_, i) => start + 2 * i + 1);
  await shard.ref.update({ taken, sold: taken.length });
  const halfSold = await readBoardPage(raffleId, page);
  return { shards, fresh, halfSold };
}

interface PickBurst {
  wallMs: number;
  latencies: number[];
  reserved: number;
  refusedTaken: number;
  otherErrors: Record<string, number>;
  issued: number;
  duplicates: number;
  notAsPicked: number;
}

async function pickBurst(customers: Awaited<ReturnType<typeof newCustomers>>): Promise<PickBurst> {
  const raffleId = await createRaffle({
    numberPicking: true,
    maxTickets: 1_000,
    maxTicketsPerUser: 10,
  });
  await commitmentOf(raffleId);
  await ensureShards(adminDb, raffleId, 1_000);
  const wanted = customers.map(() => {
    const numbers = new Set<number>();
    while (numbers.size < PICKS) numbers.add(1 + Math.floor(Math.random() * HOT_NUMBERS));
    return [...numbers];
  });
  const latencies: number[] = [];
  const started = performance.now();
  const [outcomes] = await withoutErrorLogs(() =>
    Promise.all(
      customers.map(async (customer, i) => {
        const t0 = performance.now();
        try {
          const request = requestFor(customer, {
            items: [{ ...line(raffleId, PICKS), numbers: wanted[i] }],
          });
          const result = (await startCheckout.run(request)) as StartCheckoutOutput;
          return { ok: true as const, sessionId: result.sessionId, picked: wanted[i]! };
        } catch (error) {
          const { message, details } = error as Error & { details?: { reason?: string } };
          return { ok: false as const, message, taken: details?.reason === 'numbers-taken' };
        } finally {
          latencies.push(since(t0));
        }
      }),
    ),
  );
  const wallMs = since(started);
  const otherErrors: Record<string, number> = {};
  let refusedTaken = 0;
  for (const outcome of outcomes) {
    if (outcome.ok) continue;
    if (outcome.taken) refusedTaken += 1;
    else otherErrors[outcome.message] = (otherErrors[outcome.message] ?? 0) + 1;
  }
  let notAsPicked = 0;
  await mapLimit(
    outcomes.flatMap((o) => (o.ok ? [o] : [])),
    5,
    async ({ sessionId, picked }) => {
      const paid = await fulfilReservation(adminDb, sessionId, {
        method: 'Card',
        cardFunding: 'debit',
      });
      const got = paid.ticketNumbers[raffleId] ?? [];
      if (got.join() !== [...picked].sort((a, b) => a - b).join()) notAsPicked += 1;
    },
  );
  const numbers = await ticketNumbersOf(raffleId);
  return {
    wallMs,
    latencies,
    reserved: outcomes.filter((o) => o.ok).length,
    refusedTaken,
    otherErrors,
    issued: numbers.length,
    duplicates: numbers.length - new Set(numbers).size,
    notAsPicked,
  };
}

export const numberPicking: Benchmark = {
  name: 'picking',
  async run(ctx) {
    const board = await boardReadCost();
    ctx.log(
      `  board page of a ${POOL.toLocaleString('en-GB')}-number pool (${board.shards} shards): ` +
        `${board.fresh.documents} document(s), ${board.fresh.bytes} B fresh; ` +
        `${board.halfSold.documents}, ${board.halfSold.bytes} B half sold`,
    );
    const customers = await newCustomers(BUYERS, 'Picker');
    const runs: PickBurst[] = [];
    for (let i = 0; i < ctx.repeats; i += 1) {
      const run = await pickBurst(customers);
      runs.push(run);
      ctx.log(
        `  picking burst ${i + 1}: ${run.reserved} reserved, ${run.refusedTaken} told taken, ` +
          `${run.issued} issued, duplicates ${run.duplicates}, not as picked ${run.notAsPicked}, ` +
          `other ${JSON.stringify(run.otherErrors)}, p95 ${fmt(percentile(run.latencies, 95), 0)} ms`,
      );
    }
    const boardConfig = `${POOL.toLocaleString('en-GB')}-number pool in ${board.shards} shards; the board's query (boardPageQuery)`;
    const burstConfig = `${BUYERS} buyers × ${PICKS} numbers picked at random from the same ${HOT_NUMBERS}, at once; startCheckout handler in-process, then every reservation paid`;
    const row = (
      benchmark: string,
      measured: string,
      configuration: string,
      samples: number[],
      extra: Partial<BenchRow> = {},
    ): BenchRow => ({
      benchmark,
      measured,
      configuration,
      median: fmt(median(samples), 0),
      samples,
      ...extra,
    });
    const all = (f: (r: PickBurst) => number) => runs.map(f);
    const errors = all((r) => Object.values(r.otherErrors).reduce((a, b) => a + b, 0));
    return [
      row(
        'Number board',
        'documents read for one page of 100 numbers',
        boardConfig,
        [board.fresh.documents],
        {
          target: {
            text: '≤ 2 (never the whole pool)',
            met: board.fresh.documents <= 2 && board.halfSold.documents <= 2,
          },
          comparison: `the whole pool is ${board.shards} documents`,
        },
      ),
      row('Number board', 'bytes read for that page, fresh pool', boardConfig, [board.fresh.bytes]),
      row('Number board', 'bytes read for that page, its shard half sold by picks', boardConfig, [
        board.halfSold.bytes,
      ]),
      row(
        'Picking burst',
        'duplicate ticket numbers',
        burstConfig,
        all((r) => r.duplicates),
        {
          target: { text: '= 0', met: runs.every((r) => r.duplicates === 0) },
        },
      ),
      row(
        'Picking burst',
        'reservations issued other than as picked',
        burstConfig,
        all((r) => r.notAsPicked),
        {
          target: { text: '= 0', met: runs.every((r) => r.notAsPicked === 0) },
        },
      ),
      row(
        'Picking burst',
        'reservations (each got all 3 of its numbers)',
        burstConfig,
        all((r) => r.reserved),
      ),
      row(
        'Picking burst',
        'told which numbers were taken',
        burstConfig,
        all((r) => r.refusedTaken),
      ),
      row('Picking burst', 'other refusals or errors', burstConfig, errors, {
        target: { text: '= 0', met: errors.every((n) => n === 0) },
      }),
      row(
        'Picking burst',
        'latency p95 (ms)',
        burstConfig,
        all((r) => percentile(r.latencies, 95)),
      ),
    ];
  },
};
