/**
 * Checkout burst: 200 signed-in customers start a checkout for one ticket each, all at once,
 * for one raffle with 150 tickets left. Run against a pool split into DEFAULT_SHARD_COUNT
 * shards and against the same code with one shard, alternating, in one run.
 *
 * What is measured: the real `startCheckout` callable handler (auth checks, input validation,
 * player protection, the reservation) called in-process by 200 concurrent callers against the
 * Auth and Firestore emulators. Not through the Functions emulator over HTTP: it starts a new
 * worker process for each concurrent invocation, so 200 concurrent HTTP calls would measure
 * 200 Node start-ups on two cores, not checkout. Production runs many warm instances, each
 * taking up to 80 concurrent requests; the contention on the pool documents is the same.
 * The reserved tickets are then fulfilled (the same service the payment paths use) to count
 * the ticket numbers issued.
 */
import {
  CHECKOUT_MESSAGES,
  DEFAULT_SHARD_COUNT,
  entriesPath,
  mailCollection,
  rafflePath,
  shardsPath,
  type StartCheckoutOutput,
} from '@rafflewin/domain';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { startCheckout } from '../../functions/src/functions/startCheckout';
import { fulfilReservation } from '../../functions/src/services/checkout/fulfil';
import { ensureShards } from '../../functions/src/services/pool/shards';
import { adminDb, eventually } from '../support/admin';
import { newCustomers, type Customer } from '../support/customers';
import { createRaffle, line, ticketNumbersOf } from '../support/raffles';
import { fmt, mapLimit, median, percentile, since, times } from './stats';
import type { Benchmark, BenchContext, BenchRow } from './types';

const BUYERS = 200;
const TICKETS = 150;

interface BurstResult {
  shards: number;
  wallMs: number;
  checkoutsPerSecond: number;
  latencies: number[];
  reserved: number;
  soldOut: number;
  /** Refusals or failures other than the sold-out message, by message. */
  otherErrors: Record<string, number>;
  ticketsSold: number;
  duplicates: number;
}

/** A callable request as the Functions runtime builds it from a verified ID token. */
export function requestFor(customer: Customer, data: unknown): CallableRequest {
  const token = {
    uid: customer.uid,
    sub: customer.uid,
    email: customer.email,
    email_verified: true,
    auth_time: Math.floor(Date.now() / 1000),
  } as unknown as DecodedIdToken;
  return {
    data,
    auth: { uid: customer.uid, token, rawToken: customer.idToken },
    rawRequest: { ip: '127.0.0.1', headers: {} },
    acceptsStreaming: false,
  } as unknown as CallableRequest;
}

/** A new raffle with `TICKETS` tickets whose pool has `shards` shards, ready to sell. */
async function raffleWithShards(shards: number): Promise<string> {
  const raffleId = await createRaffle({ maxTickets: TICKETS, maxTicketsPerUser: 10 });
  // Going live gives the raffle its draw commitment (a trigger); checkout would otherwise
  // create it inside the burst.
  await eventually(
    async () => ((await adminDb.doc(rafflePath(raffleId)).get()).get('drawCommitment') ? 1 : null),
    { timeoutMs: 60_000, what: 'the draw commitment' },
  );
  // POOL_SHARDS is the functions' own switch for the unsharded baseline (services/pool/shards);
  // a raffle's pool keeps the shard count it was created with.
  const previous = process.env.POOL_SHARDS;
  process.env.POOL_SHARDS = String(shards);
  try {
    await ensureShards(adminDb, raffleId, TICKETS);
  } finally {
    if (previous === undefined) delete process.env.POOL_SHARDS;
    else process.env.POOL_SHARDS = previous;
  }
  const created = (await adminDb.collection(shardsPath(raffleId)).count().get()).data().count;
  if (created !== shards) throw new Error(`Expected ${shards} shards, found ${created}`);
  return raffleId;
}

/**
 * Runs `task` without printing the functions' error logs (each failed call logs its stack
 * trace); returns how many such lines were held back.
 */
export async function withoutErrorLogs<T>(task: () => Promise<T>): Promise<[T, number]> {
  let held = 0;
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write);
  streams.forEach((stream, i) => {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.includes('"severity":"ERROR"')) {
        held += 1;
        return true;
      }
      return (originals[i] as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
  });
  try {
    return [await task(), held];
  } finally {
    streams.forEach((stream, i) => {
      stream.write = originals[i]!;
    });
  }
}

async function burst(customers: Customer[], shards: number, ctx: BenchContext) {
  const raffleId = await raffleWithShards(shards);
  const requests = customers.map((customer) =>
    requestFor(customer, { items: [line(raffleId, 1)] }),
  );
  const latencies: number[] = [];
  const started = performance.now();
  const [outcomes, errorLogs] = await withoutErrorLogs(() =>
    Promise.all(
      requests.map(async (request) => {
        const t0 = performance.now();
        try {
          const result = (await startCheckout.run(request)) as StartCheckoutOutput;
          return { ok: true as const, sessionId: result.sessionId };
        } catch (error) {
          return { ok: false as const, message: (error as Error).message };
        } finally {
          latencies.push(since(t0));
        }
      }),
    ),
  );
  const wallMs = since(started);
  if (errorLogs > 0) ctx.log(`  (${errorLogs} "Callable failed" error logs not shown)`);

  const sessions = outcomes.flatMap((o) => (o.ok ? [o.sessionId] : []));
  const soldOut = outcomes.filter((o) => !o.ok && o.message === CHECKOUT_MESSAGES.soldOut).length;
  const otherErrors: Record<string, number> = {};
  for (const o of outcomes) {
    if (!o.ok && o.message !== CHECKOUT_MESSAGES.soldOut) {
      otherErrors[o.message] = (otherErrors[o.message] ?? 0) + 1;
    }
  }

  // Pay for every reservation (idempotent, so a conflicted attempt is simply retried).
  await mapLimit(sessions, 5, async (sessionId) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await fulfilReservation(adminDb, sessionId, {
          method: 'Card',
          cardFunding: 'debit',
        });
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  });
  const numbers = await ticketNumbersOf(raffleId);
  const entries = (await adminDb.collection(entriesPath(raffleId)).count().get()).data().count;
  if (entries !== numbers.length) ctx.log(`  entries ${entries} ≠ tickets ${numbers.length}`);

  // Let the triggers these sales fire (raffle counts roll-up, confirmation e-mails) finish,
  // so they do not load the machine during the next measurement.
  await eventually(
    async () => {
      const raffle = await adminDb.doc(rafflePath(raffleId)).get();
      if (raffle.get('soldTickets') !== numbers.length) return null;
      const pending = await adminDb
        .collection(mailCollection)
        .where('status', '==', 'pending')
        .count()
        .get();
      return pending.data().count === 0 ? 1 : null;
    },
    { timeoutMs: 180_000, intervalMs: 500, what: 'the sale triggers to settle' },
  ).catch((error: unknown) => ctx.log(`  ${(error as Error).message}`));

  return {
    shards,
    wallMs,
    checkoutsPerSecond: sessions.length / (wallMs / 1000),
    latencies,
    reserved: sessions.length,
    soldOut,
    otherErrors,
    ticketsSold: numbers.length,
    duplicates: numbers.length - new Set(numbers).size,
  } satisfies BurstResult;
}

function rowsFor(label: string, runs: BurstResult[], shards: number): BenchRow[] {
  const configuration = `${BUYERS} buyers × 1 ticket, ${TICKETS} left, ${shards} shard${shards === 1 ? '' : 's'}; startCheckout handler in-process on the emulators`;
  const benchmark = `Checkout burst (${label})`;
  const pick = (f: (r: BurstResult) => number) => runs.map(f);
  const row = (measured: string, samples: number[], digits = 0, extra: Partial<BenchRow> = {}) => ({
    benchmark,
    measured,
    configuration,
    median: fmt(median(samples), digits),
    samples,
    ...extra,
  });
  const errors = runs.map((r) => Object.values(r.otherErrors).reduce((a, b) => a + b, 0));
  const errorText = [...new Set(runs.flatMap((r) => Object.keys(r.otherErrors)))].join('; ');
  return [
    row(
      'checkouts/s (reservations ÷ burst wall time)',
      pick((r) => r.checkoutsPerSecond),
      1,
    ),
    row(
      'latency p50 (ms, all 200 answers)',
      pick((r) => percentile(r.latencies, 50)),
    ),
    row(
      'latency p95 (ms)',
      pick((r) => percentile(r.latencies, 95)),
    ),
    row(
      'latency p99 (ms)',
      pick((r) => percentile(r.latencies, 99)),
    ),
    row(
      'tickets sold (after paying every reservation)',
      pick((r) => r.ticketsSold),
      0,
      {
        target: { text: `= ${TICKETS}`, met: runs.every((r) => r.ticketsSold === TICKETS) },
      },
    ),
    row(
      'duplicate ticket numbers',
      pick((r) => r.duplicates),
      0,
      {
        target: { text: '= 0', met: runs.every((r) => r.duplicates === 0) },
      },
    ),
    row(
      `refused with "${CHECKOUT_MESSAGES.soldOut}"`,
      pick((r) => r.soldOut),
      0,
      {
        target: {
          text: `= ${BUYERS - TICKETS}`,
          met: runs.every((r) => r.soldOut === BUYERS - TICKETS),
        },
      },
    ),
    row('other refusals or errors', errors, 0, {
      target: { text: '= 0', met: errors.every((n) => n === 0) },
      ...(errorText ? { comparison: errorText } : {}),
    }),
  ];
}

export const checkoutBurst: Benchmark = {
  name: 'checkout',
  async run(ctx) {
    const t0 = performance.now();
    const customers = await newCustomers(BUYERS, 'Burst');
    ctx.log(`  ${BUYERS} Auth emulator customers created in ${fmt(since(t0) / 1000)} s`);
    const sharded: BurstResult[] = [];
    const single: BurstResult[] = [];
    for (let i = 0; i < ctx.repeats; i += 1) {
      // Alternate which goes first, so neither always runs on a warmer (or busier) machine.
      const order = i % 2 === 0 ? [DEFAULT_SHARD_COUNT, 1] : [1, DEFAULT_SHARD_COUNT];
      for (const shards of order) {
        const result = await burst(customers, shards, ctx);
        (shards === 1 ? single : sharded).push(result);
        ctx.log(
          `  run ${i + 1}, ${shards} shard(s): ${fmt(result.checkoutsPerSecond)} checkouts/s, ` +
            `p95 ${fmt(percentile(result.latencies, 95), 0)} ms, sold ${result.ticketsSold}, ` +
            `duplicates ${result.duplicates}, sold out ${result.soldOut}, ` +
            `other ${JSON.stringify(result.otherErrors)}`,
        );
      }
    }
    const rows = [
      ...rowsFor('sharded pool', sharded, DEFAULT_SHARD_COUNT),
      ...rowsFor('one shard', single, 1),
    ];
    const throughput = (runs: BurstResult[]) => median(runs.map((r) => r.checkoutsPerSecond));
    const p95 = (runs: BurstResult[]) => median(runs.map((r) => percentile(r.latencies, 95)));
    rows[0]!.comparison = `${times(throughput(sharded), throughput(single))} the one-shard throughput`;
    rows[2]!.comparison = `one shard's p95 is ${times(p95(single), p95(sharded))} this`;
    return rows;
  },
};
