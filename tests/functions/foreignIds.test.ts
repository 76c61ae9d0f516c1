/**
 * Insecure direct object references at the callable door. Customer B calls every
 * customer-facing callable that takes an id with customer A's id: nothing of A's may change,
 * and the refusal must be exactly the one an id that does not exist gets (no oracle).
 * Then ids with path characters, very long ids and 'deleted-user'; then old tokens (banned,
 * sessions ended) at every customer-level callable.
 */
import {
  CALLABLES,
  instantWinsCollection,
  notificationsPath,
  type CallableName,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { FUZZ_SAMPLES } from '../support/callableCatalog';
import {
  callRaw,
  callOk,
  newAdmin,
  newCustomer,
  signInAgain,
  type Customer,
} from '../support/customers';
import { CORRECT, buyTickets, createRaffle, line } from '../support/raffles';
import { CARDS, payOnStripe, saveCard, stripeSessionOf } from '../support/stripeDouble';
import {
  isRateLimitRecord,
  settledSnapshot,
  snapshotChanges,
  snapshotDatabase,
  type Snapshot,
} from '../support/snapshot';
import { openSupportTicket } from '../../functions/src/services/support/openSupportTicket';
import { notifyUser } from '../../functions/src/services/notifications/notify';
import { registerDevice } from '../../functions/src/services/push/devices';

jest.setTimeout(240_000);

let victim: Customer;
let attacker: Customer;
let admin: Customer;
const ids = {
  pendingSession: '',
  paidSession: '',
  supportTicket: '',
  card: '',
  otherCard: '',
  device: '',
  win: '',
  setupSession: '',
  inactiveRaffle: '',
  liveRaffle: '',
};
let baseline: Snapshot;

const randomIp = () =>
  `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

async function send(name: CallableName, data: unknown, caller?: Customer) {
  const answer = await callRaw(name, data, caller, { fromIp: randomIp() });
  return answer.ok ? { ok: true as const } : answer;
}

beforeAll(async () => {
  [victim, attacker, admin] = await Promise.all([
    newCustomer('Vic', 'Victim'),
    newCustomer('Att', 'Acker'),
    newAdmin('Audit', 'Admin'),
  ]);
  const [bought, reserved, inactive] = await Promise.all([
    createRaffle(),
    createRaffle(),
    createRaffle({ active: false }),
  ]);
  ids.liveRaffle = reserved;
  ids.inactiveRaffle = inactive;
  await buyTickets(victim, bought, 2);
  const order = await adminDb.collection('orders').where('userId', '==', victim.uid).get();
  ids.paidSession = String(order.docs[0]!.get('checkoutSessionId'));
  const pending = await callOk('startCheckout', { items: [line(reserved, 1, CORRECT)] }, victim);
  ids.pendingSession = pending.sessionId;
  const ticket = await openSupportTicket(
    adminDb,
    { name: 'Vic Victim', email: victim.email, subject: 'Help', message: 'Hi', complaint: false },
    victim.uid,
  );
  ids.supportTicket = ticket.ticketId;
  await adminDb.doc(`supportTickets/${ticket.ticketId}`).update({ unreadCount: 2 });
  await notifyUser(adminDb, victim.uid, {
    type: 'system',
    kind: 'messages',
    title: 'Reply',
    message: 'Support replied',
    supportTicketId: ticket.ticketId,
  } as Parameters<typeof notifyUser>[2]);
  const first = await saveCard(victim);
  ids.card = first.paymentMethodId;
  // A second card, through a set-up session whose id we keep.
  const { url } = await callOk('startCardSetup', {}, victim);
  ids.setupSession = stripeSessionOf(url);
  const paid = await payOnStripe(ids.setupSession, { number: CARDS.credit });
  if ('error' in paid) throw new Error(paid.error);
  ids.otherCard = (
    await callOk('saveStripeCard', { setupSessionId: ids.setupSession }, victim)
  ).paymentMethodId;
  ids.device = (
    await registerDevice(adminDb, victim.uid, { token: 'victim-tok', label: 'Phone' })
  ).deviceId;
  const winRef = adminDb.collection(instantWinsCollection).doc();
  await winRef.set({
    userId: victim.uid,
    raffleId: bought,
    raffleName: 'Test',
    ticketNumber: 1,
    orderId: order.docs[0]!.id,
    prize: { name: 'Cash', cashAlternative: 5000 },
    payout: null,
    wonAt: new Date(),
    payoutChosenAt: null,
    voidedAt: null,
  });
  ids.win = winRef.id;
  // The attacker has a Stripe customer and a card of their own (so card checks reach Stripe).
  await saveCard(attacker);
  baseline = await settledSnapshot();
});

/** [callable, input naming A's object, the same input naming nothing]. */
const foreignCases = (): Array<[CallableName, unknown, unknown]> => [
  ['cancelCheckout', { sessionId: ids.pendingSession }, { sessionId: 'nope-session-1' }],
  ['cancelCheckout', { sessionId: ids.paidSession }, { sessionId: 'nope-session-2' }],
  ['claimFreeEntries', { sessionId: ids.pendingSession }, { sessionId: 'nope-session-3' }],
  ['claimFreeEntries', { sessionId: ids.paidSession }, { sessionId: 'nope-session-4' }],
  [
    'chooseInstantWinPayout',
    { winId: ids.win, payout: 'credit' },
    { winId: 'nope-win', payout: 'credit' },
  ],
  ['markSupportTicketRead', { ticketId: ids.supportTicket }, { ticketId: 'nope-ticket' }],
  [
    'sendSupportMessage',
    { ticketId: ids.supportTicket, message: 'I am in your ticket' },
    { ticketId: 'nope-ticket', message: 'I am in your ticket' },
  ],
  ['removeDevice', { deviceId: ids.device }, { deviceId: 'f'.repeat(40) }],
  ['removePaymentMethod', { paymentMethodId: ids.card }, { paymentMethodId: 'pm_nope' }],
  ['setDefaultPaymentMethod', { paymentMethodId: ids.card }, { paymentMethodId: 'pm_nope' }],
  [
    'saveStripeCard',
    { setupSessionId: ids.setupSession },
    { setupSessionId: 'cs_test_doesnotexist' },
  ],
];

describe("customer B with customer A's ids", () => {
  it.each([
    'cancelCheckout',
    'claimFreeEntries',
    'chooseInstantWinPayout',
    'markSupportTicketRead',
    'sendSupportMessage',
    'removeDevice',
    'removePaymentMethod',
    'setDefaultPaymentMethod',
    'saveStripeCard',
  ] as CallableName[])('%s changes nothing of A and answers as for an unknown id', async (name) => {
    for (const [callable, foreign, unknown] of foreignCases().filter(([n]) => n === name)) {
      const onForeign = await send(callable, foreign, attacker);
      const onUnknown = await send(callable, unknown, attacker);
      expect({ callable, foreign, answer: onForeign }).toEqual({
        callable,
        foreign,
        answer: onUnknown,
      });
      expect(onForeign.ok).toBe(false);
    }
    expect(snapshotChanges(baseline, await snapshotDatabase(), isRateLimitRecord)).toEqual([]);
  });

  it('startCheckout does not tell a switched-off raffle from one that does not exist', async () => {
    const offSale = await send(
      'startCheckout',
      { items: [line(ids.inactiveRaffle, 1, CORRECT)] },
      attacker,
    );
    const missing = await send(
      'startCheckout',
      { items: [line('no-such-raffle-xyz', 1, CORRECT)] },
      attacker,
    );
    // Compare status and message only (the details name the raffle id sent).
    const strip = (a: typeof offSale) => (a.ok ? a : { status: a.status, message: a.message });
    expect(strip(offSale)).toEqual(strip(missing));
  });

  it('locateEntry and countEntries do not tell a switched-off raffle from a missing one', async () => {
    const strip = (a: Awaited<ReturnType<typeof send>>) =>
      a.ok ? a : { status: a.status, message: a.message };
    const locate = (raffleId: string) => send('locateEntry', { raffleId, rank: 0 }, attacker);
    expect(strip(await locate(ids.inactiveRaffle))).toEqual(
      strip(await locate('no-such-raffle-xyz')),
    );
    // Both left out of the totals alike.
    expect(
      await callOk(
        'countEntries',
        { raffleIds: [ids.inactiveRaffle, 'no-such-raffle-xyz'] },
        attacker,
      ),
    ).toEqual({ totals: {} });
  });

  it('luckyDip and checkPromoCode do not tell a switched-off raffle from a missing one', async () => {
    const strip = (a: Awaited<ReturnType<typeof send>>) =>
      a.ok ? a : { status: a.status, message: a.message };
    expect(
      strip(await send('luckyDip', { raffleId: ids.inactiveRaffle, quantity: 1 }, attacker)),
    ).toEqual(
      strip(await send('luckyDip', { raffleId: 'no-such-raffle-xyz', quantity: 1 }, attacker)),
    );
    expect(
      strip(
        await send(
          'checkPromoCode',
          { code: 'SPRING-10', items: [{ raffleId: ids.inactiveRaffle, quantity: 1 }] },
          attacker,
        ),
      ),
    ).toEqual(
      strip(
        await send(
          'checkPromoCode',
          { code: 'SPRING-10', items: [{ raffleId: 'no-such-raffle-xyz', quantity: 1 }] },
          attacker,
        ),
      ),
    );
  });
});

describe('odd ids', () => {
  const ODD = ['../x', 'a/b', '..', '.', 'x'.repeat(1500), 'deleted-user', ' '];
  const idCallables: Array<[CallableName, (id: string) => unknown]> = [
    ['cancelCheckout', (id) => ({ sessionId: id })],
    ['claimFreeEntries', (id) => ({ sessionId: id })],
    ['chooseInstantWinPayout', (id) => ({ winId: id, payout: 'credit' })],
    ['markSupportTicketRead', (id) => ({ ticketId: id })],
    ['sendSupportMessage', (id) => ({ ticketId: id, message: 'x' })],
    ['removeDevice', (id) => ({ deviceId: id })],
    ['removePaymentMethod', (id) => ({ paymentMethodId: id })],
    ['setDefaultPaymentMethod', (id) => ({ paymentMethodId: id })],
    ['saveStripeCard', (id) => ({ setupSessionId: `cs_${id}` })],
    ['luckyDip', (id) => ({ raffleId: id, quantity: 1 })],
    ['locateEntry', (id) => ({ raffleId: id, rank: 0 })],
    ['startCheckout', (id) => ({ items: [line(id, 1, CORRECT)] })],
    [
      'startCheckout',
      (id) => ({
        items: [{ ...line(ids.liveRaffle, 1, CORRECT), answer: { questionId: id, option: 'B' } }],
      }),
    ],
    ['checkPromoCode', (id) => ({ code: 'SPRING-10', items: [{ raffleId: id, quantity: 1 }] })],
  ];

  /** Every answer that is not a clear refusal, as "callable(id): STATUS message". */
  async function unclear(odd: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const [name, input] of idCallables) {
      for (const id of odd) {
        const answer = await send(name, input(id), attacker);
        if (answer.ok || answer.status === 'INTERNAL') {
          found.push(
            `${name}(${id.slice(0, 20)}): ${answer.ok ? 'OK' : `${answer.status} ${answer.message}`}`,
          );
        }
      }
    }
    return found;
  }

  it('with path characters, very long or deleted-user are refused clearly and change nothing', async () => {
    const before = await snapshotDatabase();
    expect(await unclear(ODD)).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(), isRateLimitRecord)).toEqual([]);
  });

  it('reserved Firestore ids (__x__) are refused clearly (never an internal error) and change nothing', async () => {
    const before = await snapshotDatabase();
    expect(await unclear(['__x__'])).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(), isRateLimitRecord)).toEqual([]);
  });
});

describe('old tokens at every customer-level callable', () => {
  const customerLevel = (Object.keys(CALLABLES) as CallableName[]).filter((name) =>
    ['customer', 'session', 'firstFactor', 'signedIn'].includes(CALLABLES[name].access),
  );
  const REFUSED = ['UNAUTHENTICATED', 'PERMISSION_DENIED'];

  it('after "sign out everywhere" every callable refuses the old token and nothing changes', async () => {
    const customer = await newCustomer('Old', 'Token');
    const old = await signInAgain(customer, { authTime: Math.floor(Date.now() / 1000) - 60 });
    const fresh = await signInAgain(customer);
    await callOk('revokeSessions', {}, fresh);
    const before = await settledSnapshot();
    const accepted: string[] = [];
    for (const name of customerLevel) {
      const answer = await send(name, FUZZ_SAMPLES[name].sample, old);
      if (answer.ok || !REFUSED.includes(answer.status)) {
        accepted.push(`${name}: ${answer.ok ? 'OK' : `${answer.status} ${answer.message}`}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(), isRateLimitRecord)).toEqual([]);
  });

  it('after a ban every callable refuses the token and nothing changes', async () => {
    const customer = await newCustomer('Banned', 'Later');
    await callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Abuse' }, admin);
    const before = await settledSnapshot();
    const accepted: string[] = [];
    for (const name of customerLevel) {
      const answer = await send(name, FUZZ_SAMPLES[name].sample, customer);
      if (answer.ok || !REFUSED.includes(answer.status)) {
        accepted.push(`${name}: ${answer.ok ? 'OK' : `${answer.status} ${answer.message}`}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(), isRateLimitRecord)).toEqual([]);
  });

  it("A's notifications are untouched by B's bulk notification callables", async () => {
    const count = async () =>
      (
        await adminDb
          .collection(notificationsPath(victim.uid))
          .where('isRead', '==', false)
          .count()
          .get()
      ).data().count;
    const unread = await count();
    expect(unread).toBeGreaterThan(0);
    await callOk('markAllNotificationsRead', {}, attacker);
    await callOk('deleteAllNotifications', {}, attacker);
    expect(await count()).toBe(unread);
  });
});
