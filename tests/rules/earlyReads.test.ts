/**
 * The shop window's early reads (web/src/lib/restQuery.ts) against the emulator's REST API, as
 * a visitor: each query written as a `QueryShape` answers over REST exactly what the SDK's
 * query built from the same shape answers, and the rules refuse over REST what they refuse to
 * the SDK.
 */
import { collection, getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { runQueryOnce, type QueryShape } from '../../web/src/lib/restQuery';
import { rulesSuite, ts } from '../support/rules';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const raffle = (
  active: boolean,
  category: string,
  createdDaysAgo: number,
  endsInDays: number,
  drawStatus = 'pending',
) => ({
  active,
  category,
  drawStatus,
  createdAt: ts(new Date(NOW - createdDaysAgo * DAY).toISOString()),
  endDate: ts(new Date(NOW + endsInDays * DAY).toISOString()),
  // A price a double would hold as well: the decoder must keep integers exact.
  ticketPrice: 99,
});

const suite = rulesSuite('early-reads', (put) => {
  put('raffles/cash-new', raffle(true, 'cash', 1, 2));
  put('raffles/tech-mid', raffle(true, 'tech', 3, 10));
  put('raffles/cars-old', raffle(true, 'cars', 5, 4));
  put('raffles/cash-draft', raffle(false, 'cash', 0, 3));
  put('raffles/tech-drawn', raffle(true, 'tech', 2, -1, 'drawn'));
  for (const [id, isActive, position] of [
    ['second', true, 2],
    ['first', true, 1],
    ['hidden', false, 0],
  ] as const) {
    put(`carouselSlides/${id}`, { isActive, position, title: id });
  }
});

const origin = () => `http://${process.env.FIRESTORE_EMULATOR_HOST ?? ''}`;

const LIVE_RAFFLES: QueryShape = {
  collection: 'raffles',
  where: [
    ['active', '==', true],
    ['drawStatus', '==', 'pending'],
  ],
  orderBy: ['createdAt', 'desc'],
  limit: 2,
};

const SHAPES: Record<string, QueryShape> = {
  'the live raffles, newest first': LIVE_RAFFLES,
  'a category page (in)': {
    ...LIVE_RAFFLES,
    where: [...LIVE_RAFFLES.where, ['category', 'in', ['cash', 'cars']]],
    limit: 12,
  },
  'Ending Soon (a window of dates)': {
    collection: 'raffles',
    where: [
      ['active', '==', true],
      ['endDate', '>', new Date(NOW)],
      ['endDate', '<=', new Date(NOW + 7 * DAY)],
    ],
    orderBy: ['endDate', 'asc'],
    limit: 12,
  },
  'the active carousel slides': {
    collection: 'carouselSlides',
    where: [['isActive', '==', true]],
    orderBy: ['position', 'asc'],
    limit: 10,
  },
};

const EXPECTED: Record<string, string[]> = {
  'the live raffles, newest first': ['cash-new', 'tech-mid'],
  'a category page (in)': ['cash-new', 'cars-old'],
  'Ending Soon (a window of dates)': ['cash-new', 'cars-old'],
  'the active carousel slides': ['first', 'second'],
};

describe('the shop window read over REST', () => {
  for (const [what, shape] of Object.entries(SHAPES)) {
    suite.check(`read ${what} over REST as the SDK does`, 'guest', true, async (db) => {
      const rest = await runQueryOnce(origin(), suite.projectId, shape);
      const sdk = await getDocs(
        query(
          collection(db, shape.collection),
          ...shape.where.map(([field, op, value]) => where(field, op, value)),
          orderBy(...shape.orderBy),
          limit(shape.limit),
        ),
      );
      expect(rest.map((document) => document.id)).toEqual(EXPECTED[what]);
      expect(rest.map((document) => document.id)).toEqual(sdk.docs.map((d) => d.id));
      for (const document of rest) {
        const stored = sdk.docs.find((d) => d.id === document.id)!.data();
        // Timestamps come back as Dates, integers as exact numbers.
        for (const [field, value] of Object.entries(stored)) {
          expect(document.data[field]).toEqual(
            value instanceof Object && 'toDate' in value
              ? (value as { toDate(): Date }).toDate()
              : value,
          );
        }
      }
    });
  }

  it('guest: may not list the slides over REST without the isActive filter', async () => {
    await expect(
      runQueryOnce(origin(), suite.projectId, {
        collection: 'carouselSlides',
        where: [],
        orderBy: ['position', 'asc'],
        limit: 10,
      }),
    ).rejects.toThrow('Firestore answered 403 to a query');
  });
});
