/** Test raffles written straight into the emulator (functions create the pool lazily). */
import {
  checkoutSessionsCollection,
  holdersPath,
  DEFAULT_ONLINE_ENTRY_TEXT,
  DEFAULT_POSTAL_ENTRY_TEXT,
  SITE_SETTINGS_PATH,
  STAFF_CLAIM,
  questionsPath,
  rafflePath,
  raffleSearchCollection,
  raffleSecretsCollection,
  shardLayout,
  shardsPath,
  ticketId,
  ticketsCollection,
  type RaffleData,
  type RecordPostalEntryInput,
  type SaveRaffleInput,
} from '@rafflewin/domain';
import { adminAuth, adminDb, eventually } from './admin';
import { callOk, newAdmin, newCustomer, type Customer } from './customers';
import { payByCard, stripeSessionOf } from './stripeDouble';

const HOUR = 3_600_000;

/**
 * A test raffle's end when a test draws it: far off, so it never crowds the shop's pages in the
 * browser tests that share the emulators; the draw is asked to run as if at AFTER_FAR_END.
 */
export const FAR_END = new Date(Date.now() + 350 * 24 * HOUR);
export const AFTER_FAR_END = new Date(Date.now() + 360 * 24 * HOUR);

export const QUESTION_ID = 'main';
export const CORRECT = 'B';

export async function createRaffle(
  overrides: Partial<RaffleData> = {},
  { question = true } = {},
): Promise<string> {
  const id = `test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const now = Date.now();
  const data: RaffleData = {
    name: `Test raffle ${id}`,
    description: 'A test prize',
    imageUrl: '/images/placeholder.svg',
    category: 'cash',
    ticketPrice: 150,
    maxTickets: 100,
    maxTicketsPerUser: 10,
    bundles: [],
    numberPicking: false,
    instantPrizes: [],
    instantWinCommitment: null,
    soldTickets: 0,
    reservedTickets: 0,
    active: true,
    startDate: new Date(now - HOUR),
    // Far off, so these never crowd the shop's first page or Ending Soon in browser tests that
    // share the emulators.
    endDate: new Date(now + 300 * 24 * HOUR),
    // Long ago, so the shop's newest-first listings show the demo raffles before these; a
    // test that looks for its raffle in a listing makes it the newest (createdAt: new Date()).
    createdAt: new Date(now - 400 * 24 * HOUR),
    onlineEntryText: '',
    postalEntryText: '',
    closeOnSellOut: false,
    drawCommitment: null,
    drawStatus: 'pending',
    ...overrides,
  };
  await adminDb.doc(rafflePath(id)).set(data);
  if (question && data.ticketPrice > 0) {
    await adminDb.doc(`${questionsPath(id)}/${QUESTION_ID}`).set({
      text: 'Capital of the UK?',
      optionA: 'Leeds',
      optionB: 'London',
      optionC: 'Hull',
      isActive: true,
      createdAt: new Date(now),
    });
    await adminDb
      .collection(raffleSecretsCollection)
      .doc(id)
      .set({ correctAnswers: { [QUESTION_ID]: CORRECT } });
  }
  return id;
}

/** A checkout line answering the raffle's question correctly. */
/**
 * A raffle for the console's browser tests: the newest, so it heads the console's first page,
 * and off, so the shop never lists it, with the entry texts its edit form asks for.
 */
export async function newestRaffleOff(
  overrides: Partial<RaffleData> = {},
): Promise<{ raffleId: string; name: string }> {
  const raffleId = await createRaffle({
    category: 'tech',
    createdAt: new Date(),
    active: false,
    onlineEntryText: DEFAULT_ONLINE_ENTRY_TEXT,
    postalEntryText: DEFAULT_POSTAL_ENTRY_TEXT,
    ...overrides,
  });
  const name = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
  return { raffleId, name };
}

/** Waits until the console's raffle search has the raffle (onRaffleWritten adds it). */
export async function searchable(raffleId: string): Promise<void> {
  await eventually(
    async () =>
      (await adminDb.collection(raffleSearchCollection).doc(raffleId).get()).exists || undefined,
    { what: `raffle ${raffleId} in the console's search` },
  );
}

export const line = (raffleId: string, quantity: number, option: 'A' | 'B' | 'C' = CORRECT) => ({
  raffleId,
  quantity,
  answer: { questionId: QUESTION_ID, option },
});

/**
 * Buys tickets the way a customer does: startCheckout, then a test card on Stripe's page (the
 * local double's), or the free claim for a zero total. Returns the ticket numbers issued.
 */
export async function buyTickets(
  customer: Customer,
  raffleId: string,
  quantity: number,
  option: 'A' | 'B' | 'C' = CORRECT,
): Promise<number[]> {
  const started = await callOk(
    'startCheckout',
    { items: [line(raffleId, quantity, option)] },
    customer,
  );
  const paid =
    started.amount === 0
      ? await callOk('claimFreeEntries', { sessionId: started.sessionId }, customer)
      : await payByCard(started);
  return paid.ticketNumbers[raffleId] ?? [];
}

/**
 * The draw commitment published when the raffle went live (a trigger writes it; behind a
 * draw's e-mails to its entrants, the emulator may take a while to get to it).
 */
export async function commitmentOf(raffleId: string): Promise<string> {
  return eventually(
    async () => (await adminDb.doc(rafflePath(raffleId)).get()).get('drawCommitment') as string,
    { what: 'the draw commitment', timeoutMs: 60_000 },
  );
}

/**
 * A raffle that ended two hours ago whose ticket n+1 is held by `holders[n]`, written directly
 * (as the seed does): the real clock says it has closed, so it can be drawn now.
 */
export async function closedRaffleWithTickets(
  holders: Array<Pick<Customer, 'uid'>>,
  overrides: Partial<RaffleData> = {},
): Promise<string> {
  const count = holders.length;
  const endDate = new Date(Date.now() - 2 * HOUR);
  const raffleId = await createRaffle({
    startDate: new Date(Date.now() - 72 * HOUR),
    endDate,
    maxTickets: 10,
    soldTickets: count,
    ...overrides,
  });
  await commitmentOf(raffleId);
  const raffle = (await adminDb.doc(rafflePath(raffleId)).get()).data() as RaffleData;
  const batch = adminDb.batch();
  shardLayout(raffle.maxTickets, 1).forEach((shard) =>
    batch.set(adminDb.doc(`${shardsPath(raffleId)}/${shard.index}`), {
      ...shard,
      sold: count,
      holds: {},
    }),
  );
  holders.forEach((holder, index) => {
    const ticketNumber = index + 1;
    batch.set(adminDb.doc(`tickets/${ticketId(raffleId, ticketNumber)}`), {
      userId: holder.uid,
      raffleId,
      ticketNumber,
      orderId: `order-${raffleId}`,
      purchaseDate: new Date(Date.now() - 24 * HOUR),
      raffle: {
        name: raffle.name,
        category: raffle.category,
        imageUrl: raffle.imageUrl,
        endDate,
        ticketPrice: raffle.ticketPrice,
      },
      eligible: true,
      status: 'active',
    });
  });
  await batch.commit();
  return raffleId;
}

/** The ticket numbers issued in a raffle (void ones too), lowest first, read from its tickets. */
export async function ticketNumbersOf(raffleId: string): Promise<number[]> {
  const tickets = await adminDb
    .collection(ticketsCollection)
    .where('raffleId', '==', raffleId)
    .select('ticketNumber')
    .get();
  return tickets.docs.map((doc) => doc.get('ticketNumber') as number).sort((a, b) => a - b);
}

/**
 * The file's administrator, with the site's postal entry address set: raffles go live only
 * with one (the free route to enter must be printed), and instant prizes need a live raffle.
 */
export async function adminWithPostalAddress(): Promise<Customer> {
  await adminDb
    .doc(SITE_SETTINGS_PATH)
    .set({ postalEntryAddress: 'Prize Entries\nPO Box 9\nLeeds LS1 1AA' }, { merge: true });
  return newAdmin();
}

/** The console's edit form for a stored raffle, as its page fills it, with `overrides`. */
export async function raffleForm(
  raffleId: string,
  overrides: Partial<SaveRaffleInput> = {},
): Promise<SaveRaffleInput> {
  const raffle = (await adminDb.doc(rafflePath(raffleId)).get()).data()!;
  return {
    raffleId,
    name: raffle.name,
    description: raffle.description,
    imageUrl: raffle.imageUrl,
    category: raffle.category,
    ticketPrice: raffle.ticketPrice,
    maxTickets: raffle.maxTickets,
    maxTicketsPerUser: raffle.maxTicketsPerUser,
    startDate: raffle.startDate.toDate().toISOString(),
    endDate: raffle.endDate.toDate().toISOString(),
    onlineEntryText: raffle.onlineEntryText || DEFAULT_ONLINE_ENTRY_TEXT,
    postalEntryText: raffle.postalEntryText || DEFAULT_POSTAL_ENTRY_TEXT,
    seenUpdatedAt: raffle.updatedAt?.toMillis() ?? null,
    ...overrides,
  };
}

/** A postcard for `raffleId` from `email`, as the console's Postal Entries form records it. */
export const postcard = (
  raffleId: string,
  email: string,
  overrides: Partial<RecordPostalEntryInput> = {},
): RecordPostalEntryInput => ({
  raffleId,
  receivedAt: new Date().toISOString(),
  firstName: 'Postal',
  lastName: 'Player',
  email,
  phone: '+44 7700 900123',
  address: '1 High Street, Leeds LS1 1AA',
  answer: CORRECT,
  ...overrides,
});

/** A raffle's active tickets, or one holder's among them. */
export const activeTickets = (raffleId: string, userId?: string) => {
  const query = adminDb
    .collection(ticketsCollection)
    .where('raffleId', '==', raffleId)
    .where('status', '==', 'active');
  return (userId ? query.where('userId', '==', userId) : query).get();
};

/** How many tickets `uid` holds in `raffleId` (any status). */
export async function ticketsOf(uid: string, raffleId: string): Promise<number> {
  const tickets = await adminDb
    .collection('tickets')
    .where('userId', '==', uid)
    .where('raffleId', '==', raffleId)
    .get();
  return tickets.size;
}

/** A new customer's checkout of `quantity` tickets in a new raffle, open on Stripe's page. */
export interface StripeCheckout {
  buyer: Customer;
  raffleId: string;
  sessionId: string;
  stripeSessionId: string;
  amount: number;
  quantity: number;
}

export async function checkoutOnStripe(quantity: number): Promise<StripeCheckout> {
  const [raffleId, buyer] = await Promise.all([createRaffle(), newCustomer()]);
  const { sessionId, amount, checkoutUrl } = await callOk(
    'startCheckout',
    { items: [line(raffleId, quantity)] },
    buyer,
  );
  return {
    buyer,
    raffleId,
    sessionId,
    stripeSessionId: stripeSessionOf(checkoutUrl),
    amount,
    quantity,
  };
}

/** Every checkout (reservation) a customer has, whatever its status. */
/**
 * A reservation's holds run out (their expiry moved into the past, as 30 minutes on would leave
 * them) and nothing has released them yet: a customer still on Stripe's page, a slow webhook.
 */
export async function lapseHolds(sessionId: string, raffleId: string, uid: string) {
  const past = new Date(Date.now() - 1000);
  const lapsed = { [`holds.${sessionId}.expiresAt`]: past };
  const shards = await adminDb.collection(shardsPath(raffleId)).get();
  await Promise.all([
    adminDb.doc(`${checkoutSessionsCollection}/${sessionId}`).update({ expiresAt: past }),
    adminDb.doc(`${holdersPath(raffleId)}/${uid}`).update(lapsed),
    ...shards.docs
      .filter((shard) => shard.get(`holds.${sessionId}`))
      .map((shard) => shard.ref.update(lapsed)),
  ]);
}

export const checkoutSessionsOf = (uid: string) =>
  adminDb.collection(checkoutSessionsCollection).where('userId', '==', uid).get();

/**
 * Enters a staff member (made here) for `quantity` numbers of raffle `raffleId`, by `admin`'s
 * manual entry; answers the numbers. Staff never land on an instant prize, so taking every
 * number but the prizes' leaves those to the next buyer, whose numbers are otherwise issued at
 * random. The raffle's maximum per person must allow `quantity`.
 */
export async function staffTake(
  admin: Customer,
  raffleId: string,
  quantity: number,
): Promise<number[]> {
  const staff = await newCustomer('Shop', 'Staff');
  await adminAuth.setCustomUserClaims(staff.uid, { [STAFF_CLAIM]: true });
  const entry = await callOk('createManualEntry', { userId: staff.uid, raffleId, quantity }, admin);
  return entry.ticketNumbers[raffleId]!;
}
