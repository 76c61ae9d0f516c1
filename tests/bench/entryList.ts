/**
 * Entry list cost: a raffle with 10,000 entries; documents read to show page 1 and page 20 of
 * its public entry list with the web app's own query code (readEntryPage, which the entry list
 * page uses), against loading every ticket (10,000 documents).
 * Pages are read through the Firebase web SDK, signed in as a customer, as in the browser; a
 * far jump's count queries run in the server's own code (locateEntry's entryAtRank) in-process,
 * so that what each is billed can be added up. Every ticket is loaded with the Admin SDK: the
 * rules refuse a customer a list without a limit.
 */
import { ENTRY_LIST_PAGE_SIZE, entriesPath, entrySchema, type Entry } from '@rafflewin/domain';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  type CollectionReference,
} from 'firebase/firestore';
import { HOST, PORTS, PROJECT_ID } from '../../emulators/config';
import { entryAtRank } from '../../functions/src/services/entries/entryList';
import {
  readEntryPage,
  type EntryReads,
  type PageBounds,
} from '../../web/src/features/entries/api/readEntryPage';
import { converterFor } from '../../web/src/lib/converters';
import { adminDb } from '../support/admin';
import { TEST_PASSWORD, newCustomer } from '../support/customers';
import { createRaffle } from '../support/raffles';
import { fmt, mapLimit, median, since, times } from './stats';
import type { Benchmark, BenchRow } from './types';

const TICKETS = 10_000;
const PAGE_20 = 19; // 0-based

/** Firestore bills a count() one read per 1,000 index entries it counts (at least one). */
const billedCountReads = (counted: number) => Math.max(1, Math.ceil(counted / 1000));

/** Counts what the entry list's reads return and cost. */
class CountingReads implements EntryReads {
  documents = 0;
  countQueries = 0;
  countReads = 0;
  async docs(q: Parameters<EntryReads['docs']>[0]) {
    const rows = (await getDocs(q)).docs.map((d) => d.data());
    this.documents += rows.length;
    return rows;
  }
  /** As locateEntry answers: the raffle and the highest entry read, then the counts. */
  async locate(raffleId: string, rank: number) {
    const found = await entryAtRank(adminDb, raffleId, rank, (counted) => {
      this.countQueries += 1;
      this.countReads += billedCountReads(counted);
    });
    this.documents += 2;
    return found;
  }
  get billed() {
    return this.documents + this.countReads;
  }
}

async function writeEntries(raffleId: string): Promise<void> {
  const batches = Array.from({ length: TICKETS / 500 }, (_, b) => b);
  await mapLimit(batches, 4, async (b) => {
    const batch = adminDb.batch();
    for (let n = b * 500 + 1; n <= (b + 1) * 500; n += 1) {
      batch.set(adminDb.doc(`${entriesPath(raffleId)}/${n}`), {
        ticketNumber: n,
        holderName: `Buyer ${n % 97}.`,
        category: 'cash',
      });
    }
    await batch.commit();
  });
}

interface Sample {
  page1: CountingReads;
  page1Ms: number;
  page20Direct: CountingReads;
  page20DirectMs: number;
  /** Page 20 reached from page 19 (its cursor known): the read of page 20 itself. */
  page20Next: CountingReads;
  /** Pages 1 to 20 clicked through in turn, all reads. */
  pages1to20: CountingReads;
  allDocs: number;
  allMs: number;
}

export const entryList: Benchmark = {
  name: 'entries',
  async run(ctx) {
    const raffleId = await createRaffle(
      { maxTickets: TICKETS, maxTicketsPerUser: 1000, soldTickets: TICKETS },
      { question: false },
    );
    const t0 = performance.now();
    await writeEntries(raffleId);
    ctx.log(`  ${fmt(TICKETS)} entries written in ${fmt(since(t0) / 1000)} s (batches of 500)`);

    const customer = await newCustomer('Reader');
    const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'bench-entries');
    try {
      const auth = getAuth(app);
      connectAuthEmulator(auth, `http://${HOST}:${PORTS.auth}`, { disableWarnings: true });
      const db = getFirestore(app);
      connectFirestoreEmulator(db, HOST, PORTS.firestore);
      await signInWithEmailAndPassword(auth, customer.email, TEST_PASSWORD);
      const entries = collection(db, entriesPath(raffleId)).withConverter(
        converterFor(entrySchema),
      ) as CollectionReference<Entry>;
      const size = ENTRY_LIST_PAGE_SIZE;

      // Warm up the connection and the query path once, untimed.
      await readEntryPage(raffleId, entries, 0, size, new Map(), new CountingReads());
      const samples: Sample[] = [];
      for (let i = 0; i < ctx.repeats; i += 1) {
        const page1 = new CountingReads();
        let start = performance.now();
        const first = await readEntryPage(raffleId, entries, 0, size, new Map(), page1);
        const page1Ms = since(start);

        const page20Direct = new CountingReads();
        start = performance.now();
        const jumped = await readEntryPage(
          raffleId,
          entries,
          PAGE_20,
          size,
          new Map(),
          page20Direct,
        );
        const page20DirectMs = since(start);
        if (jumped[0]?.ticketNumber !== PAGE_20 * size + 1 || jumped.length !== size) {
          throw new Error(
            `Page 20 starts at ${jumped[0]?.ticketNumber}, not ${PAGE_20 * size + 1}`,
          );
        }

        const pages1to20 = new CountingReads();
        const known = new Map<number, PageBounds>();
        let page20Next = new CountingReads();
        for (let page = 0; page <= PAGE_20; page += 1) {
          const reads = page === PAGE_20 ? (page20Next = new CountingReads()) : pages1to20;
          const rows = await readEntryPage(raffleId, entries, page, size, known, reads);
          known.set(page, { first: rows[0]!.ticketNumber, last: rows.at(-1)!.ticketNumber });
        }
        pages1to20.documents += page20Next.documents;
        pages1to20.countReads += page20Next.countReads;

        start = performance.now();
        const all = await adminDb.collection(entriesPath(raffleId)).get();
        const allMs = since(start);
        if (first.length !== size || all.size !== TICKETS) {
          throw new Error(`Read ${first.length} and ${all.size} entries`);
        }
        samples.push({
          page1,
          page1Ms,
          page20Direct,
          page20DirectMs,
          page20Next,
          pages1to20,
          allDocs: all.size,
          allMs,
        });
        ctx.log(
          `  run ${i + 1}: page 1 ${page1.billed} reads ${fmt(page1Ms, 0)} ms; page 20 direct ` +
            `${page20Direct.documents} docs + ${page20Direct.countQueries} counts ` +
            `${fmt(page20DirectMs, 0)} ms; all ${all.size} docs ${fmt(allMs, 0)} ms`,
        );
      }

      const baseline = median(samples.map((s) => s.allDocs));
      const configuration = `${fmt(TICKETS)} entries, ${size} per page`;
      const benchmark = 'Entry list cost';
      const readsRow = (measured: string, values: number[], extra = ''): BenchRow => ({
        benchmark,
        measured,
        configuration,
        median: fmt(median(values)),
        samples: values,
        comparison: `${times(baseline, median(values))} fewer than loading every ticket (${fmt(baseline)})${extra}`,
      });
      const msRow = (measured: string, values: number[], compare?: number[]): BenchRow => ({
        benchmark,
        measured,
        configuration,
        median: fmt(median(values), 0),
        samples: values,
        ...(compare
          ? {
              comparison: `loading every ticket takes ${times(median(compare), median(values))} as long`,
            }
          : {}),
      });
      const direct = samples[0]!.page20Direct;
      return [
        readsRow(
          'page 1: documents read',
          samples.map((s) => s.page1.billed),
        ),
        readsRow(
          'page 20 from page 19 (cursor): documents read',
          samples.map((s) => s.page20Next.billed),
        ),
        readsRow(
          'page 20 opened directly: reads billed',
          samples.map((s) => s.page20Direct.billed),
          ` (${direct.documents} documents + ${direct.countQueries} count queries billed ${direct.countReads} reads)`,
        ),
        readsRow(
          'pages 1 to 20 clicked in turn: documents read',
          samples.map((s) => s.pages1to20.billed),
        ),
        {
          ...readsRow(
            'baseline: every ticket loaded: documents read',
            samples.map((s) => s.allDocs),
          ),
          comparison: 'one read per ticket',
        },
        msRow(
          'page 1: time (ms)',
          samples.map((s) => s.page1Ms),
          samples.map((s) => s.allMs),
        ),
        msRow(
          'page 20 opened directly: time (ms)',
          samples.map((s) => s.page20DirectMs),
          samples.map((s) => s.allMs),
        ),
        msRow(
          'baseline: every ticket loaded: time (ms)',
          samples.map((s) => s.allMs),
        ),
      ];
    } finally {
      await deleteApp(app);
    }
  },
};
