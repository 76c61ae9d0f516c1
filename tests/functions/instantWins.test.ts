/**
 * Instant wins: prizes set before sales and committed (the list secret, its hash public), a
 * ticket issued on one wins at once (order, e-mail, notification, the shop's prize list), the
 * winner's payout choice recorded once, and the Code enforced on the server: debit cards only,
 * instant-win raffles never the majority of live raffles, the list revealed and verifiable by
 * the draw.
 */
import {
  CHECKOUT_MESSAGES,
  INSTANT_WIN_MESSAGES,
  ORDER_ADMIN_MESSAGES,
  PICK_MESSAGES,
  RAFFLE_MESSAGES,
  STAFF_CLAIM,
  TICKET_ADMIN_MESSAGES,
  auditLogCollection,
  instantWinCommitment,
  instantWinId,
  instantWinRevealSchema,
  rafflePath,
  raffleSecretsCollection,
  rafflesCollection,
  ticketId,
  verifyInstantWins,
  type InstantPrize,
  type RaffleData,
} from '@rafflewin/domain';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb, versionOf } from '../support/admin';
import { call, callOk, newCustomer, type Customer } from '../support/customers';
import { messageTo } from '../support/mail';
import {
  activeTickets,
  lapseHolds,
  closedRaffleWithTickets,
  createRaffle,
  line,
  adminWithPostalAddress,
  raffleForm,
  staffTake,
} from '../support/raffles';
import {
  CARDS,
  CARD_NOT_SUPPORTED,
  openDispute,
  payByCard,
  payOnStripe,
  postSigned,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';
import { stripe } from '../../functions/src/services/payments/stripe';

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

const VOUCHER: InstantPrize = {
  ticketNumber: 7,
  name: '£50 Amazon voucher',
  cashAlternative: 4500,
};
const HEADPHONES: InstantPrize = { ticketNumber: 3, name: 'Headphones', cashAlternative: 12000 };

/**
 * A live raffle (by default of 20 tickets, 20 a person) with `prizes` (the voucher on 7 and
 * the headphones on 3), among as many live raffles without instant prizes (set up directly; the
 * majority rule has its own test). Its numbers are issued at random: a test that must land on a
 * prize has staff take every other number first (staffTake).
 */
async function instantRaffle(
  raffle: Partial<RaffleData> = {},
  prizes: InstantPrize[] = [VOUCHER, HEADPHONES],
): Promise<string> {
  const [raffleId] = await Promise.all([
    createRaffle({ maxTickets: 20, maxTicketsPerUser: 20, ...raffle, active: false }),
    createRaffle(),
  ]);
  await callOk('saveInstantPrizes', { raffleId, prizes }, admin);
  await adminDb.doc(rafflePath(raffleId)).update({ active: true });
  return raffleId;
}

const raffleOf = async (raffleId: string) =>
  (await adminDb.doc(rafflePath(raffleId)).get()).data()!;

/**
 * The orders won nothing and the instant raffle's prizes are all still there: once every other
 * number is taken, a customer who buys the last two (3 and 7) wins both.
 */
async function expectPrizesLeft(raffleId: string, orderIds: string[]): Promise<void> {
  for (const orderId of orderIds) {
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order.items[0].instantWins).toBeUndefined();
  }
  expect((await raffleOf(raffleId)).instantPrizes.every((p: { won: boolean }) => !p.won)).toBe(
    true,
  );
  const buyer = await newCustomer();
  const won = await payByCard(
    await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer),
    CARDS.debit,
  );
  expect(won.ticketNumbers[raffleId]).toEqual([3, 7]);
  const order = (await adminDb.doc(`orders/${won.orderId}`).get()).data()!;
  expect(order.items[0].instantWins).toHaveLength(2);
}

/** Switches every live raffle of this file's project off (a clean count for the majority rule). */
async function noLiveRaffles(): Promise<void> {
  const live = await adminDb.collection(rafflesCollection).where('active', '==', true).get();
  await Promise.all(live.docs.map((doc) => doc.ref.update({ active: false })));
}

describe('setting instant prizes', () => {
  it('publishes the list without its numbers, commits to it and audits it', async () => {
    const raffleId = await instantRaffle();
    const raffle = await raffleOf(raffleId);
    expect(raffle.instantPrizes).toEqual([
      { name: 'Headphones', cashAlternative: 12000, won: false },
      { name: '£50 Amazon voucher', cashAlternative: 4500, won: false },
    ]);
    expect(JSON.stringify(raffle)).not.toContain('"ticketNumber"');
    const secret = (await adminDb.collection(raffleSecretsCollection).doc(raffleId).get()).data()!;
    const reveal = instantWinRevealSchema.parse(secret.instantWins);
    expect(reveal.prizes.map((prize) => prize.ticketNumber)).toEqual([3, 7]);
    expect(await verifyInstantWins(raffleId, raffle.instantWinCommitment as string, reveal)).toBe(
      true,
    );
    const audit = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', rafflePath(raffleId))
      .where('action', '==', 'raffle.instantPrizes')
      .get();
    expect(audit.docs[0]?.get('after')).toMatchObject({ instantPrizes: 2 });
  });

  it('refuses a list saved over a change to the raffle made since it was opened, and keeps that change', async () => {
    const raffleId = await createRaffle({ maxTickets: 20, active: false });
    const path = rafflePath(raffleId);
    const secretOf = async () =>
      (await adminDb.collection(raffleSecretsCollection).doc(raffleId).get()).get('instantWins');
    // Two lists opened on the same version; the other administrator saves first.
    const opened = await versionOf(path);
    await callOk(
      'saveInstantPrizes',
      { raffleId, prizes: [VOUCHER], seenUpdatedAt: opened },
      admin,
    );
    const [raffle, secret] = [await raffleOf(raffleId), await secretOf()];
    expect(
      await call(
        'saveInstantPrizes',
        { raffleId, prizes: [HEADPHONES], seenUpdatedAt: opened },
        admin,
      ),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.changedSinceOpened,
    });
    expect([await raffleOf(raffleId), await secretOf()]).toEqual([raffle, secret]);

    // Opened again, or saved again on a save's answer, the list is saved.
    const saved = await callOk(
      'saveInstantPrizes',
      { raffleId, prizes: [VOUCHER, HEADPHONES], seenUpdatedAt: await versionOf(path) },
      admin,
    );
    expect(saved.updatedAt).toBe(await versionOf(path));
    await callOk(
      'saveInstantPrizes',
      { raffleId, prizes: [HEADPHONES], seenUpdatedAt: saved.updatedAt },
      admin,
    );
    expect((await raffleOf(raffleId)).instantPrizes).toEqual([
      { name: 'Headphones', cashAlternative: 12000, won: false },
    ]);
  });

  it('refuses numbers past the maximum, a number twice, and any change once a ticket is sold or held', async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle(), newCustomer()]);
    expect(
      await call(
        'saveInstantPrizes',
        { raffleId, prizes: [{ ...VOUCHER, ticketNumber: 21 }] },
        admin,
      ),
    ).toMatchObject({ ok: false, message: INSTANT_WIN_MESSAGES.outOfRange(20) });
    expect(
      await call('saveInstantPrizes', { raffleId, prizes: [VOUCHER, VOUCHER] }, admin),
    ).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });

    await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    expect(await call('saveInstantPrizes', { raffleId, prizes: [] }, admin)).toMatchObject({
      ok: false,
      message: INSTANT_WIN_MESSAGES.fixedOnceSold,
    });
    expect(await call('saveInstantPrizes', { raffleId, prizes: [VOUCHER] }, buyer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
  });
});

describe('instant prizes and number picking', () => {
  // An administrator chooses (and can read) where the prizes are: were shoppers to pick their
  // numbers, a friend could be told which to pick. Issued at random, knowing helps nobody.
  it('refuses prizes on a raffle that offers picking, and picking on a raffle with prizes', async () => {
    const picking = await createRaffle({ numberPicking: true, maxTickets: 20, active: false });
    expect(
      await call('saveInstantPrizes', { raffleId: picking, prizes: [VOUCHER] }, admin),
    ).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: INSTANT_WIN_MESSAGES.notWithPicking,
    });
    expect(await raffleOf(picking)).toMatchObject({
      instantPrizes: [],
      instantWinCommitment: null,
    });
    expect(
      (await adminDb.collection(raffleSecretsCollection).doc(picking).get()).get('instantWins'),
    ).toBeUndefined();
    // Taking picking off first, as the message says, lets them be set.
    await callOk('saveRaffle', await raffleForm(picking, { numberPicking: false }), admin);
    await callOk('saveInstantPrizes', { raffleId: picking, prizes: [VOUCHER] }, admin);

    const raffleId = await instantRaffle();
    expect(
      await call('saveRaffle', await raffleForm(raffleId, { numberPicking: true }), admin),
    ).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.pickingWithInstantPrizes,
    });
    expect((await raffleOf(raffleId)).numberPicking).toBe(false);
    // Without its prizes (none sold yet) it may offer picking.
    await callOk('saveInstantPrizes', { raffleId, prizes: [] }, admin);
    await callOk('saveRaffle', await raffleForm(raffleId, { numberPicking: true }), admin);
  });

  it('a raffle saved with both before that rule takes no picks and no lucky dip: its numbers come at random', async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle({}, [VOUCHER]), newCustomer()]);
    await adminDb.doc(rafflePath(raffleId)).update({ numberPicking: true });
    const notOffered = { ok: false, message: PICK_MESSAGES.notOffered };
    expect(
      await call('startCheckout', { items: [{ ...line(raffleId, 1), numbers: [7] }] }, buyer),
    ).toMatchObject(notOffered);
    expect(await call('luckyDip', { raffleId, quantity: 1 }, buyer)).toMatchObject(notOffered);
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
    const session = (await adminDb.doc(`checkoutSessions/${started.sessionId}`).get()).data()!;
    expect(session.allocation.some((part: { numbers?: number[] }) => part.numbers)).toBe(false);
  });

  it('a hold by name from before the prizes were set, paid after it lapsed, is given numbers at random', async () => {
    // Picked while the raffle offered picking; the hold lapses (nothing counts as taken), the
    // administrator switches picking off and puts the voucher on a picked number, and the
    // payment made in the hold's last seconds arrives: issued as held, it won.
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ numberPicking: true, maxTickets: 10_000, active: false }),
      newCustomer('Held', 'Friend'),
      createRaffle(),
    ]);
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });
    const picked = [7, 8, 9];
    const started = await callOk(
      'startCheckout',
      { items: [{ ...line(raffleId, 3), numbers: picked }] },
      buyer,
    );
    await lapseHolds(started.sessionId, raffleId, buyer.uid);
    await callOk('saveRaffle', await raffleForm(raffleId, { numberPicking: false }), admin);
    await callOk('saveInstantPrizes', { raffleId, prizes: [VOUCHER] }, admin);
    const paid = await payByCard(started, CARDS.debit);
    const numbers = paid.ticketNumbers[raffleId]!;
    expect(numbers).toHaveLength(3);
    // At random among 10,000 numbers: all three as picked has a chance far below one in a
    // million.
    expect(numbers).not.toEqual(picked);
  });
});

describe('winning at once', () => {
  it('a ticket on a prize wins it: the order, the win, the shop’s list, the e-mail and a notification say so', async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle(), newCustomer()]);
    // Staff take every number but the prizes', so the buyer's one ticket lands on one of them,
    // at random: the other stays on the shop.
    await staffTake(admin, raffleId, 18);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer),
      CARDS.debit,
    );
    const [won] = paid.ticketNumbers[raffleId]!;
    const prize = won === 7 ? VOUCHER : HEADPHONES;
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order.items[0].instantWins).toEqual([prize]);
    const win = (await adminDb.doc(`instantWins/${instantWinId(raffleId, won!)}`).get()).data()!;
    expect(win).toMatchObject({
      userId: buyer.uid,
      ticketNumber: won,
      orderId: paid.orderId,
      payout: null,
    });
    expect((await raffleOf(raffleId)).instantPrizes).toEqual([
      { name: 'Headphones', cashAlternative: 12000, won: prize === HEADPHONES },
      { name: '£50 Amazon voucher', cashAlternative: 4500, won: prize === VOUCHER },
    ]);
    const mail = await messageTo(buyer.email);
    expect(mail.text).toContain(
      won === 7
        ? 'Instant win! Ticket 7 won £50 Amazon voucher (or £45.00 cash)'
        : 'Instant win! Ticket 3 won Headphones (or £120.00 cash)',
    );
    const notice = await adminDb
      .doc(`users/${buyer.uid}/notifications/instant-${paid.orderId}-${won}`)
      .get();
    expect(notice.get('title')).toBe(INSTANT_WIN_MESSAGES.wonTitle);
  });

  it('an administrator’s or staff ticket never lands on a prize: it is left for a customer to win', async () => {
    const raffleId = await instantRaffle();
    // Of the 18 numbers without a prize an administrator buys 3 and staff the other 15, at
    // random among the free numbers but never on a prize, so only the prizes are left.
    const [bought, staff] = await Promise.all([
      payByCard(await callOk('startCheckout', { items: [line(raffleId, 3)] }, admin), CARDS.debit),
      newCustomer('Shop', 'Staff'),
    ]);
    await adminAuth.setCustomUserClaims(staff.uid, { [STAFF_CLAIM]: true });
    const staffBought = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 15)] }, staff),
      CARDS.debit,
    );
    const numbers = [bought, staffBought].flatMap((order) => order.ticketNumbers[raffleId]!);
    expect(numbers).toHaveLength(18);
    expect(numbers.filter((n) => n === 3 || n === 7)).toEqual([]);
    await expectPrizesLeft(raffleId, [bought.orderId, staffBought.orderId]);
  });

  /** A raffle of four numbers, one per shard, with the headphones on 3. */
  async function headphonesOnThreeOfFour(): Promise<string> {
    const [raffleId] = await Promise.all([
      createRaffle({ maxTickets: 4, active: false }),
      createRaffle(),
    ]);
    await callOk('saveInstantPrizes', { raffleId, prizes: [HEADPHONES] }, admin);
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });
    return raffleId;
  }

  it('a wrong answer’s tickets take a prize’s number when nothing else is left in its shard, and forfeit it unannounced', async () => {
    // A wrong answer's tickets are not in the draw and win nothing, so they go around the
    // prizes while their shard has other numbers; with 3 the only number left in its shard,
    // the payment, made in time, was refunded as "expired". Four numbers, one per shard, the
    // headphones on 3.
    const raffleId = await headphonesOnThreeOfFour();
    const last = await newCustomer('Last', 'Guess');
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 4, 'C')] }, last),
      CARDS.debit,
    );
    expect(paid.ticketNumbers[raffleId]).toEqual([1, 2, 3, 4]);
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(order.items[0].instantWins).toBeUndefined();
    const notice = await adminDb
      .doc(`users/${last.uid}/notifications/instant-${paid.orderId}-3`)
      .get();
    expect(notice.exists).toBe(false);
    // Recorded void at once, without a winner, and marked won on the public list: nobody else
    // can win it now.
    const win = (await adminDb.doc(`instantWins/${instantWinId(raffleId, 3)}`).get()).data()!;
    expect(win).toMatchObject({ userId: null, orderId: paid.orderId });
    expect(win.voidedAt).not.toBeNull();
    expect((await raffleOf(raffleId)).instantPrizes).toEqual([
      { name: 'Headphones', cashAlternative: 12000, won: true },
    ]);
    // Asking about it answers as for a number without a prize: nothing tells the answer was wrong.
    const choose = (ticket: number) =>
      call(
        'chooseInstantWinPayout',
        { winId: instantWinId(raffleId, ticket), payout: 'credit' },
        last,
      );
    const notFound = { ok: false, message: INSTANT_WIN_MESSAGES.notFound };
    expect(await choose(3)).toMatchObject(notFound);
    expect(await choose(1)).toMatchObject(notFound);
  });

  it('a staff purchase is never given a prize’s number, even where its shard has no other', async () => {
    // Four shards of one number each, the headphones on 3: a staff ticket that took 3 left no
    // number in its shard to give instead, and the paid checkout was refunded as "expired".
    const staff = await newCustomer('Shop', 'Staff');
    await adminAuth.setCustomUserClaims(staff.uid, { [STAFF_CLAIM]: true });
    for (let round = 0; round < 2; round += 1) {
      const raffleId = await headphonesOnThreeOfFour();
      const bought = await payByCard(
        await callOk('startCheckout', { items: [line(raffleId, 3)] }, staff),
        CARDS.debit,
      );
      expect(bought.ticketNumbers[raffleId]).toEqual([1, 2, 4]);
    }
  });

  it('numbers are issued at random, so nobody can steer who lands on a prize', async () => {
    // Lowest first, an administrator who knows the voucher is on 7 could enter someone for
    // shard 1's first 6 numbers, then a friend for its next one, or tell the friend when to buy.
    const [raffleId, first, friend, buyer] = await Promise.all([
      instantRaffle({ maxTickets: 10_000, maxTicketsPerUser: 10 }),
      newCustomer('First'),
      newCustomer('Lucky', 'Friend'),
      newCustomer(),
    ]);
    const issued: number[][] = [];
    /** Whether every number in `numbers` is its shard's next (all below it in the shard issued). */
    const inSequence = (numbers: number[]) =>
      numbers.every((n) => {
        const start = Math.floor((n - 1) / 1000) * 1000 + 1;
        const before = new Set([...issued.flat(), ...numbers]);
        return Array.from({ length: n - start }, (_, i) => start + i).every((m) => before.has(m));
      });
    const outputs = [
      () => callOk('createManualEntry', { userId: first.uid, raffleId, quantity: 6 }, admin),
      () => callOk('createManualEntry', { userId: friend.uid, raffleId, quantity: 1 }, admin),
      async () =>
        payByCard(
          await callOk('startCheckout', { items: [line(raffleId, 5)] }, buyer),
          CARDS.debit,
        ),
    ];
    const sequential: boolean[] = [];
    for (const issue of outputs) {
      const numbers = (await issue()).ticketNumbers[raffleId]!;
      sequential.push(inSequence(numbers));
      issued.push(numbers);
    }
    // Lowest first, all three are; at random, six numbers or five are each their shard's next
    // with a chance far below one in a million (one alone, about one in a thousand).
    expect([sequential[0], sequential[2]]).toEqual([false, false]);
    expect(issued.map((numbers) => numbers.length)).toEqual([6, 1, 5]);
    expect(new Set(issued.flat()).size).toBe(12);
  });

  it('an entry made for someone cannot be taken back and made again until it wins', async () => {
    // An administrator knows where the prizes are: deleting a free entry that missed them gave
    // its numbers and its holder's count back, so entering again was another try.
    const [raffleId, friend] = await Promise.all([
      instantRaffle({ maxTickets: 10_000, maxTicketsPerUser: 3 }),
      newCustomer('Lucky', 'Friend'),
    ]);
    const entry = await callOk(
      'createManualEntry',
      { userId: friend.uid, raffleId, quantity: 3 },
      admin,
    );
    const numbers = entry.ticketNumbers[raffleId]!;
    const refused = (message: string) => ({ ok: false, status: 'FAILED_PRECONDITION', message });
    const won = numbers.find((n) => n === VOUCHER.ticketNumber || n === HEADPHONES.ticketNumber);
    const missed = numbers.find((n) => n !== won)!;
    expect(
      await call('deleteTicket', { ticketId: ticketId(raffleId, missed) }, admin),
    ).toMatchObject(refused(TICKET_ADMIN_MESSAGES.instantPrizeRaffle));
    expect(await call('deleteOrder', { orderId: entry.orderId }, admin)).toMatchObject(
      refused(
        won === undefined
          ? ORDER_ADMIN_MESSAGES.instantPrizeRaffle
          : ORDER_ADMIN_MESSAGES.onInstantPrize(won),
      ),
    );
    expect((await activeTickets(raffleId, friend.uid)).size).toBe(3);
    // The entry stands, so the per-person maximum stops another try.
    expect(
      (await call('createManualEntry', { userId: friend.uid, raffleId, quantity: 1 }, admin)).ok,
    ).toBe(false);
  });

  it('a ticket refunded before the draw still counts towards its holder’s maximum: no refund is another try', async () => {
    // Refunded after it missed the prizes, a ticket gave its holder's count back, so an
    // administrator could refund a friend's purchase again and again until one landed on a prize.
    const [raffleId, friend] = await Promise.all([
      instantRaffle({ maxTickets: 10_000, maxTicketsPerUser: 2 }),
      newCustomer('Lucky', 'Refunded'),
    ]);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 2)] }, friend),
      CARDS.debit,
    );
    await callOk('refundOrder', { orderId: paid.orderId }, admin);
    expect((await activeTickets(raffleId, friend.uid)).size).toBe(0);
    expect(await call('startCheckout', { items: [line(raffleId, 1)] }, friend)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.perUserMax(2),
    });
    // A raffle without instant prizes gives the count back, so its customer may buy again.
    const plain = await createRaffle({ maxTicketsPerUser: 2 });
    const plainPaid = await payByCard(
      await callOk('startCheckout', { items: [line(plain, 2)] }, friend),
      CARDS.debit,
    );
    await callOk('refundOrder', { orderId: plainPaid.orderId }, admin);
    expect((await call('startCheckout', { items: [line(plain, 2)] }, friend)).ok).toBe(true);
  });

  it('a free raffle (no skill question, so no answers in its secrets) pays out too', async () => {
    const [raffleId, entrant] = await Promise.all([
      createRaffle({
        category: 'free',
        ticketPrice: 0,
        maxTickets: 1,
        maxTicketsPerUser: 1,
        active: false,
      }),
      newCustomer(),
      createRaffle(),
    ]);
    await callOk(
      'saveInstantPrizes',
      { raffleId, prizes: [{ ...VOUCHER, ticketNumber: 1 }] },
      admin,
    );
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });
    const started = await callOk('startCheckout', { items: [{ raffleId, quantity: 1 }] }, entrant);
    const claimed = await callOk('claimFreeEntries', { sessionId: started.sessionId }, entrant);
    const order = (await adminDb.doc(`orders/${claimed.orderId}`).get()).data()!;
    expect(order.items[0].instantWins).toEqual([{ ...VOUCHER, ticketNumber: 1 }]);
  });

  it('records the payout once; site credit is added to the winner’s account credit', async () => {
    const [raffleId, buyer, other] = await Promise.all([
      instantRaffle({}, [HEADPHONES]),
      newCustomer(),
      newCustomer(),
    ]);
    await staffTake(admin, raffleId, 19);
    await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer),
      CARDS.debit,
    );
    const winId = instantWinId(raffleId, 3);
    expect(await call('chooseInstantWinPayout', { winId, payout: 'credit' }, other)).toMatchObject({
      ok: false,
      message: INSTANT_WIN_MESSAGES.notFound,
    });
    expect(await callOk('chooseInstantWinPayout', { winId, payout: 'credit' }, buyer)).toEqual({
      message: INSTANT_WIN_MESSAGES.chosen('credit'),
    });
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit')).toBe(12000);
    expect(await call('chooseInstantWinPayout', { winId, payout: 'cash' }, buyer)).toMatchObject({
      ok: false,
      message: INSTANT_WIN_MESSAGES.alreadyChosen,
    });
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('payout')).toBe('credit');
  });

  it('takes debit cards only: Stripe’s page refuses a credit card, and one past it is refunded', async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle(), newCustomer()]);
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    const session = (await adminDb.doc(`checkoutSessions/${started.sessionId}`).get()).data()!;
    expect(session).toMatchObject({ creditCardAllowance: 0, debitOnly: true });
    const page = stripeSessionOf(started.checkoutUrl);
    expect(await (await stripe()).checkout.sessions.retrieve(page)).toMatchObject({
      allowed_payment_method_types: ['card'],
      payment_method_options: { card: { restrictions: { funding_types_blocked: ['credit'] } } },
    });
    expect(await payOnStripe(page, { number: CARDS.credit })).toEqual({
      error: CARD_NOT_SUPPORTED,
    });
    await expect(
      payByCard(started, { number: CARDS.credit, ignore_restrictions: true }),
    ).rejects.toThrow(/cancelled/);
    const notice = await adminDb
      .doc(`users/${buyer.uid}/notifications/debit-only-${started.sessionId}`)
      .get();
    expect(notice.get('message')).toContain(INSTANT_WIN_MESSAGES.debitOnly);
    expect((await raffleOf(raffleId)).instantPrizes.every((p: { won: boolean }) => !p.won)).toBe(
      true,
    );
  });
});

describe('instant prizes set while a checkout is being paid', () => {
  it('a credit card paid after its hold lapsed, once the prizes were set, is refunded', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ maxTickets: 20, active: true }),
      newCustomer(),
      createRaffle(),
    ]);
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    expect(
      (await adminDb.doc(`checkoutSessions/${started.sessionId}`).get()).get('debitOnly'),
    ).toBeFalsy();
    // The customer is still on Stripe's page as the hold runs out: nothing counts as taken, so
    // the prizes may be set, and the payment made in the hold's last seconds arrives after.
    await lapseHolds(started.sessionId, raffleId, buyer.uid);
    await callOk('saveInstantPrizes', { raffleId, prizes: [VOUCHER, HEADPHONES] }, admin);
    await expect(payByCard(started, { number: CARDS.credit })).rejects.toThrow(/cancelled/);
    const notice = await adminDb
      .doc(`users/${buyer.uid}/notifications/debit-only-${started.sessionId}`)
      .get();
    expect(notice.get('message')).toContain(INSTANT_WIN_MESSAGES.debitOnly);
    const tickets = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
    expect(tickets.size).toBe(0);
  });
});

describe('a winning ticket refunded or disputed', () => {
  const auditOf = async (winId: string) =>
    (
      await adminDb
        .collection(auditLogCollection)
        .where('target', '==', `instantWins/${winId}`)
        .get()
    ).docs.map((doc) => doc.data());

  /** A buyer whose two tickets, paid by debit card, land on the raffle's prizes (3 and 7). */
  const buyBothPrizes = async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle(), newCustomer()]);
    await staffTake(admin, raffleId, 18);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer),
      CARDS.debit,
    );
    expect(paid.ticketNumbers[raffleId]).toEqual([3, 7]);
    return { raffleId, buyer, paid };
  };

  it('an administrator’s refund voids its wins, and takes back the site credit still held', async () => {
    const { raffleId, buyer, paid } = await buyBothPrizes();
    const headphones = instantWinId(raffleId, 3);
    const voucher = instantWinId(raffleId, 7);
    await callOk('chooseInstantWinPayout', { winId: headphones, payout: 'credit' }, buyer);
    // £120.00 of credit given; £70.00 of it spent since.
    await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 5000 });

    await callOk('refundOrder', { orderId: paid.orderId }, admin);
    for (const winId of [headphones, voucher]) {
      expect((await adminDb.doc(`instantWins/${winId}`).get()).get('voidedAt')).not.toBeNull();
    }
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit')).toBe(0);
    expect(await auditOf(headphones)).toEqual([
      expect.objectContaining({
        action: 'instantWin.voided',
        actorUid: admin.uid,
        before: { payout: 'credit', accountCredit: 5000 },
        after: { creditTakenBack: 5000, creditNotRecovered: 7000 },
      }),
    ]);
    expect(
      await call('chooseInstantWinPayout', { winId: voucher, payout: 'cash' }, buyer),
    ).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: INSTANT_WIN_MESSAGES.voided,
    });
  });

  it('no payout is chosen while its ticket’s money is on its way back, so no credit is paid out to be spent first', async () => {
    const { raffleId, buyer, paid } = await buyBothPrizes();
    const order = adminDb.doc(`orders/${paid.orderId}`);
    const creditOf = async () =>
      (await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit') ?? 0;
    const choose = (ticketNumber: number) =>
      call(
        'chooseInstantWinPayout',
        { winId: instantWinId(raffleId, ticketNumber), payout: 'credit' },
        buyer,
      );
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: INSTANT_WIN_MESSAGES.voided,
    };

    // A refund of ticket 3 claimed (as refundOrder claims it), Stripe's answer and the voiding
    // still to come.
    await order.update({
      'ticketRefunds.under-way': {
        ticketIds: [ticketId(raffleId, 3)],
        costByRaffle: { [raffleId]: 500 },
        amount: 500,
        creditReturned: 0,
        provider: 'stripe',
        refundId: null,
        state: 'pending',
        at: new Date(),
      },
    });
    expect(await choose(3)).toEqual(refused);
    expect(await creditOf()).toBe(0);
    // A dispute marked on the order (its handler voids the tickets and wins next).
    await order.update({
      moneyBack: { kind: 'disputed', amount: 1000, at: new Date(), afterDraw: false },
    });
    expect(await choose(7)).toEqual(refused);
    expect(await creditOf()).toBe(0);
    for (const ticketNumber of [3, 7]) {
      const win = await adminDb.doc(`instantWins/${instantWinId(raffleId, ticketNumber)}`).get();
      expect(win.get('payout')).toBeNull();
    }
  });

  it('a disputed payment voids its wins, once however often Stripe tells us', async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle({}, [VOUCHER]), newCustomer()]);
    await staffTake(admin, raffleId, 19);
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    expect((await payByCard(started, CARDS.debit)).ticketNumbers[raffleId]).toEqual([7]);
    const stripeSessionId = stripeSessionOf(started.checkoutUrl);
    const [succeeded] = await signedEvents(stripeSessionId, 'charge.succeeded');
    await openDispute(String(JSON.parse(succeeded!.payload).data.object.id));
    const disputes = await signedEvents(stripeSessionId, 'charge.dispute.created');
    const dispute = disputes[disputes.length - 1]!;
    expect(await postSigned(dispute)).toBe(200);
    expect(await postSigned(dispute)).toBe(200);
    const winId = instantWinId(raffleId, 7);
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('voidedAt')).not.toBeNull();
    expect(await auditOf(winId)).toEqual([
      expect.objectContaining({ action: 'instantWin.voided', actorUid: 'stripe' }),
    ]);
    expect(await call('chooseInstantWinPayout', { winId, payout: 'prize' }, buyer)).toMatchObject({
      ok: false,
      message: INSTANT_WIN_MESSAGES.voided,
    });
  });
});

describe('tickets an administrator places or changes', () => {
  it('never steers a ticket onto an instant prize, nor moves or deletes one that won', async () => {
    const [raffleId, buyer] = await Promise.all([instantRaffle(), newCustomer()]);
    // Staff take every number but the prizes'; the buyer's ticket lands on one of them.
    const [staffTicket] = await staffTake(admin, raffleId, 18);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer),
      CARDS.debit,
    );
    const [won] = paid.ticketNumbers[raffleId]!;
    const free = won === 7 ? 3 : 7;
    const purchaseDate = new Date().toISOString();
    const refused = (message: string) => ({ ok: false, status: 'FAILED_PRECONDITION', message });
    const winner = ticketId(raffleId, won!);
    expect(
      await call('updateTicket', { ticketId: winner, ticketNumber: 9, purchaseDate }, admin),
    ).toMatchObject(refused(TICKET_ADMIN_MESSAGES.onInstantPrize(won!)));
    expect(await call('deleteTicket', { ticketId: winner }, admin)).toMatchObject(
      refused(TICKET_ADMIN_MESSAGES.onInstantPrize(won!)),
    );
    expect(
      await call(
        'updateTicket',
        { ticketId: ticketId(raffleId, staffTicket!), ticketNumber: free, purchaseDate },
        admin,
      ),
    ).toMatchObject(refused(TICKET_ADMIN_MESSAGES.toInstantPrize(free)));
    expect((await adminDb.doc(`tickets/${winner}`).get()).get('status')).toBe('active');
    expect((await adminDb.doc(`tickets/${ticketId(raffleId, free)}`).get()).exists).toBe(false);
  });

  it('Add tickets never lands on a prize, nor leaves gaps in the public entry list where they are', async () => {
    // A raffle of 200 with the headphones on 3 and the voucher on 7.
    const [raffleId, customer] = await Promise.all([
      instantRaffle({ maxTickets: 200 }),
      newCustomer('Lucky', 'Friend'),
    ]);
    const added = await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 5, minNumber: null },
      admin,
    );
    const numbers = added.ticketNumbers[raffleId]!;
    expect(numbers).toHaveLength(5);
    expect(numbers).not.toContain(3);
    expect(numbers).not.toContain(7);
    // Lowest first, stepping over the prizes, gave 1, 2, 4, 5, 6: anyone reading the entry list
    // saw the two holes where the prizes are.
    const highest = Math.max(...numbers);
    const holes = Array.from({ length: highest }, (_, i) => i + 1).filter(
      (n) => !numbers.includes(n),
    );
    expect(holes).not.toEqual([3]);
    expect(holes).not.toEqual([3, 7]);
    // From number 3, never on the headphones on 3 (nor on 7).
    const from3 = await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 1, minNumber: 3 },
      admin,
    );
    const [number] = from3.ticketNumbers[raffleId]!;
    expect(number).toBeGreaterThanOrEqual(3);
    expect([3, 7, ...numbers]).not.toContain(number);
  });
});

describe('never the majority of live raffles', () => {
  it('refuses to switch on, or give prizes to, a live raffle that would make instant-win raffles the majority', async () => {
    await noLiveRaffles();
    const plain = await createRaffle();
    const first = await createRaffle({ active: false });
    const second = await createRaffle({ active: false });
    await callOk('saveInstantPrizes', { raffleId: first, prizes: [VOUCHER] }, admin);
    await callOk('saveInstantPrizes', { raffleId: second, prizes: [VOUCHER] }, admin);

    // One of two live raffles: half, not a majority.
    await callOk('setRaffleActive', { raffleId: first, active: true }, admin);
    // Two of three would be.
    expect(await call('setRaffleActive', { raffleId: second, active: true }, admin)).toMatchObject({
      ok: false,
      message: INSTANT_WIN_MESSAGES.majority,
    });
    expect(
      await call('saveInstantPrizes', { raffleId: plain, prizes: [HEADPHONES] }, admin),
    ).toMatchObject({ ok: false, message: INSTANT_WIN_MESSAGES.majority });
    expect((await raffleOf(second)).active).toBe(false);

    // Another plain raffle goes live: now the second may too.
    await createRaffle();
    await callOk('setRaffleActive', { raffleId: second, active: true }, admin);
  });

  it('refuses to take a raffle without instant prizes out of the live ones when that would leave them the majority', async () => {
    await noLiveRaffles();
    const [plain, last, instant] = await Promise.all([
      createRaffle(),
      createRaffle({ startDate: new Date(Date.now() - 2 * 86_400_000) }),
      createRaffle({ active: false }),
    ]);
    await callOk('saveInstantPrizes', { raffleId: instant, prizes: [VOUCHER] }, admin);
    await callOk('setRaffleActive', { raffleId: instant, active: true }, admin);

    // One of two live raffles stays half: allowed.
    await callOk('setRaffleActive', { raffleId: plain, active: false }, admin);
    // One of one would be a majority: switching off, deleting or ending the last plain one.
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: INSTANT_WIN_MESSAGES.majorityLeaving,
    };
    expect(await call('setRaffleActive', { raffleId: last, active: false }, admin)).toMatchObject(
      refused,
    );
    expect(await call('deleteRaffle', { raffleId: last }, admin)).toMatchObject(refused);
    const edit = await raffleForm(last, { endDate: new Date(Date.now() - 60_000).toISOString() });
    expect(await call('saveRaffle', edit, admin)).toMatchObject(refused);
    expect((await raffleOf(last)).active).toBe(true);

    // Switching an instant-win raffle off only lowers their share: always allowed; then the
    // last plain raffle may go too.
    await callOk('setRaffleActive', { raffleId: instant, active: false }, admin);
    await callOk('setRaffleActive', { raffleId: last, active: false }, admin);
  });
});

describe('the draw reveals the list', () => {
  it('publishes the prizes and their salt, which hash to the commitment published before sales', async () => {
    const holder = await newCustomer();
    const raffleId = await closedRaffleWithTickets([holder]);
    // Set as before sales (the raffle is written directly, closed, with its ticket).
    const reveal = { salt: 'ab'.repeat(32), prizes: [HEADPHONES, VOUCHER] };
    const commitment = await instantWinCommitment(raffleId, reveal);
    await adminDb.doc(rafflePath(raffleId)).update({
      instantWinCommitment: commitment,
      instantPrizes: [
        { name: 'Headphones', cashAlternative: 12000, won: false },
        { name: '£50 Amazon voucher', cashAlternative: 4500, won: false },
      ],
    });
    await adminDb
      .collection(raffleSecretsCollection)
      .doc(raffleId)
      .set({ instantWins: reveal }, { merge: true });
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin');
    expect(record.instantWinReveal).toEqual(reveal);
    expect(record.instantWinCommitment).toBe(commitment);
    expect(await verifyInstantWins(raffleId, commitment, record.instantWinReveal!)).toBe(true);
    expect(
      await verifyInstantWins(raffleId, commitment, {
        ...reveal,
        prizes: [{ ...VOUCHER, ticketNumber: 8 }, HEADPHONES],
      }),
    ).toBe(false);
  });
});
