/**
 * `npm run seed` into a shop in use: a demo raffle that sold tickets since it was seeded keeps
 * its pool and count (seeding it again would issue those numbers a second time); the others
 * are written again.
 */
import { rafflePath, shardsPath } from '@rafflewin/domain';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb, eventually } from '../support/admin';
import { callOk, newAdmin, newCustomer } from '../support/customers';

jest.setTimeout(120_000);

const SOLD_SINCE = 'cash-10000';
const UNTOUCHED = 'tech-iphone';

const soldOf = async (raffleId: string) =>
  Number((await adminDb.doc(rafflePath(raffleId)).get()).get('soldTickets'));

/** The raffle's count, once the shards' roll-up (a trigger) has counted what they say. */
const soldBecomes = (raffleId: string, sold: number) =>
  eventually(async () => ((await soldOf(raffleId)) === sold ? true : null), {
    what: `${raffleId} counting ${sold} sold`,
  });

it('keeps a demo raffle that sold tickets since it was seeded, and never issues a number twice', async () => {
  await seedDemoData(adminDb, adminAuth);
  // Seeded again with nothing sold since: nothing is kept.
  expect(
    (await seedDemoData(adminDb, adminAuth, new Date(), { keepRafflesInUse: true })).kept,
  ).toEqual([]);
  const [admin, buyer] = await Promise.all([newAdmin(), newCustomer()]);
  const seededSold = await soldOf(SOLD_SINCE);
  const add = () =>
    callOk(
      'addTicketsForUser',
      { userId: buyer.uid, raffleId: SOLD_SINCE, quantity: 2, minNumber: null },
      admin,
    );
  const first = (await add()).ticketNumbers[SOLD_SINCE]!;
  await soldBecomes(SOLD_SINCE, seededSold + 2);
  // Another raffle moved by hand, as a test or a person might: the seed puts it back.
  await adminDb.doc(rafflePath(UNTOUCHED)).update({ name: 'Renamed' });
  const shardsBefore = (await adminDb.collection(shardsPath(SOLD_SINCE)).get()).docs.map((d) =>
    d.data(),
  );

  const { kept } = await seedDemoData(adminDb, adminAuth, new Date(), { keepRafflesInUse: true });

  expect(kept).toEqual([SOLD_SINCE]);
  expect(await soldOf(SOLD_SINCE)).toBe(seededSold + 2);
  expect(
    (await adminDb.collection(shardsPath(SOLD_SINCE)).get()).docs.map((d) => d.data()),
  ).toEqual(shardsBefore);
  expect((await adminDb.doc(rafflePath(UNTOUCHED)).get()).get('name')).not.toBe('Renamed');
  const second = (await add()).ticketNumbers[SOLD_SINCE]!;
  expect(second.some((n) => first.includes(n))).toBe(false);
});
