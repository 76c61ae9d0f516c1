/**
 * Promo codes: created by administrators (audited), tried at checkout before paying, applied
 * by startCheckout on the server (a percentage, an amount or bonus tickets), shown on Stripe's
 * page, the order and the e-mail, counted against the spending limit at the discounted price,
 * and never used past their limits, however many checkouts race for the last use.
 */
import {
  CHECKOUT_MESSAGES,
  PROMO_MESSAGES,
  PROTECTION_MESSAGES,
  RATE_LIMITS,
  RAFFLE_MESSAGES,
  auditLogCollection,
  userPath,
  type CheckoutLine,
  type SavePromoCodeInput,
} from '@rafflewin/domain';
import { siteUrl } from '../../functions/src/services/auth/links';
import { adminDb } from '../support/admin';
import {
  call,
  callOk,
  newAdmin,
  newCustomer,
  newCustomers,
  type Customer,
} from '../support/customers';
import { messageTo } from '../support/mail';
import { newPromoCode, promoCodeInput, uniqueCode } from '../support/promoCodes';
import { createRaffle, line } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

const DAY = 86_400_000;
let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const newCode = (overrides: Partial<SavePromoCodeInput> = {}) => newPromoCode(admin, overrides);

/** A checkout of `items` with the code. */
const checkoutWith = (buyer: Customer, items: CheckoutLine[], promoCode: string) =>
  callOk('startCheckout', { items, promoCode }, buyer);

const codeDoc = async (code: string) => (await adminDb.doc(`promoCodes/${code}`).get()).data()!;

describe('administering codes', () => {
  it('creates a code (in capitals, audited), refuses the same code twice, and keeps its uses on an edit', async () => {
    const raffleId = await createRaffle();
    const code = uniqueCode();
    await newCode({ code: `  ${code.toLowerCase()} `, raffleIds: [raffleId], minSpend: 500 });
    expect(await codeDoc(code)).toMatchObject({
      kind: 'percent',
      value: 10,
      raffleIds: [raffleId],
      minSpend: 500,
      uses: 0,
      active: true,
    });
    expect(await call('savePromoCode', { ...(await asInput(code)), create: true }, admin)).toEqual({
      ok: false,
      status: 'ALREADY_EXISTS',
      message: PROMO_MESSAGES.exists,
    });
    await adminDb.doc(`promoCodes/${code}`).update({ uses: 4 });
    await callOk('savePromoCode', { ...(await asInput(code)), value: 20 }, admin);
    expect(await codeDoc(code)).toMatchObject({ value: 20, uses: 4 });
    await callOk('setPromoCodeActive', { code, active: false }, admin);
    expect((await codeDoc(code)).active).toBe(false);
    const audits = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', `promoCodes/${code}`)
      .get();
    expect(audits.docs.map((doc) => doc.get('action') as string).sort()).toEqual([
      'promoCode.create',
      'promoCode.deactivate',
      'promoCode.update',
    ]);
  });

  it('refuses an edit made on a version switched off since the form was opened', async () => {
    const code = uniqueCode();
    await newCode({ code });
    // The form opened on the code as it was; another tab then switched it off.
    const opened = await asInput(code);
    const seenUpdatedAt = (
      (await codeDoc(code)).updatedAt as { toMillis: () => number }
    ).toMillis();
    await callOk('setPromoCodeActive', { code, active: false }, admin);

    expect(
      await call('savePromoCode', { ...opened, value: 15, seenUpdatedAt }, admin),
    ).toMatchObject({ ok: false, message: PROMO_MESSAGES.changedSinceOpened });
    expect(await codeDoc(code)).toMatchObject({ value: 10, active: false });

    // Opened again, on the latest version: the edit is saved and the code stays off.
    const latest = ((await codeDoc(code)).updatedAt as { toMillis: () => number }).toMillis();
    await callOk(
      'savePromoCode',
      { ...(await asInput(code)), value: 15, seenUpdatedAt: latest },
      admin,
    );
    expect(await codeDoc(code)).toMatchObject({ value: 15, active: false });
  });

  it('refuses customers, unknown raffles, impossible values and an end before the start', async () => {
    const customer = await newCustomer();
    const input = promoCodeInput();
    expect(await call('savePromoCode', input, customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    expect(
      await call('setPromoCodeActive', { code: 'ANY-CODE', active: true }, customer),
    ).toMatchObject({ ok: false, status: 'PERMISSION_DENIED' });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ raffleIds: ['no-such-raffle'] }, RAFFLE_MESSAGES.notFound],
      [{ value: 101 }, PROMO_MESSAGES.percentRange],
      [{ kind: 'bonusTickets', value: 500 }, PROMO_MESSAGES.bonusRange],
      [{ code: 'no spaces!' }, PROMO_MESSAGES.codeFormat],
      [
        { startsAt: new Date(Date.now() + DAY).toISOString(), endsAt: new Date().toISOString() },
        PROMO_MESSAGES.endAfterStart,
      ],
    ];
    for (const [overrides, message] of refusals) {
      const answer = await call('savePromoCode', { ...input, ...overrides } as never, admin);
      expect(answer).toMatchObject({ ok: false, message });
    }
    expect((await adminDb.doc(`promoCodes/${input.code}`).get()).exists).toBe(false);
  });
});

/** The stored code as savePromoCode's input, to change one field of. */
async function asInput(code: string): Promise<SavePromoCodeInput> {
  const data = await codeDoc(code);
  const iso = (value: unknown) =>
    value ? (value as { toDate: () => Date }).toDate().toISOString() : null;
  return {
    create: false,
    code,
    kind: data.kind as SavePromoCodeInput['kind'],
    value: data.value as number,
    startsAt: iso(data.startsAt),
    endsAt: iso(data.endsAt),
    maxUses: data.maxUses as number | null,
    maxUsesPerCustomer: data.maxUsesPerCustomer as number,
    minSpend: data.minSpend as number,
    raffleIds: data.raffleIds as string[],
    active: data.active as boolean,
  };
}

describe('trying a code before paying', () => {
  it('says what it takes off, or why it does not apply, in the words the shopper reads', async () => {
    const [raffleId, other] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      createRaffle({ ticketPrice: 200 }),
    ]);
    const buyer = await newCustomer();
    const items = [line(raffleId, 10)];
    const tenPercent = await newCode();
    expect(
      await callOk('checkPromoCode', { code: tenPercent.toLowerCase(), items }, buyer),
    ).toEqual({
      code: tenPercent,
      benefit: '10% off',
      discount: 150,
      bonusTickets: 0,
      bonusRaffleId: null,
      total: 1350,
    });
    const cases: Array<[string, string]> = [
      ['NO-SUCH-CODE', PROMO_MESSAGES.notValid],
      [await newCode({ active: false }), PROMO_MESSAGES.notValid],
      [
        await newCode({ startsAt: new Date(Date.now() + DAY).toISOString() }),
        PROMO_MESSAGES.notStarted,
      ],
      [await newCode({ endsAt: new Date(Date.now() - 1000).toISOString() }), PROMO_MESSAGES.ended],
      [await newCode({ minSpend: 2000 }), PROMO_MESSAGES.minSpend(2000)],
      [await newCode({ raffleIds: [other] }), PROMO_MESSAGES.notForCart],
    ];
    for (const [code, message] of cases) {
      expect(await call('checkPromoCode', { code, items }, buyer)).toEqual({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message,
        details: { reason: 'promo-code' },
      });
    }
  });

  it('stops a customer trying code after code, here or at checkout', async () => {
    const raffleId = await createRaffle();
    const guesser = await newCustomer();
    const items = [line(raffleId, 1)];
    for (let i = 0; i < RATE_LIMITS.checkPromoCode.max; i += 1) {
      await call('checkPromoCode', { code: `GUESS-${i}`, items }, guesser);
    }
    expect(await call('checkPromoCode', { code: 'GUESS-LAST', items }, guesser)).toMatchObject({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: RATE_LIMITS.checkPromoCode.message,
    });
    // Nor through the checkout: a checkout with a code counts as a try, and changes nothing.
    expect(await call('startCheckout', { items, promoCode: 'GUESS-AGAIN' }, guesser)).toMatchObject(
      { ok: false, status: 'RESOURCE_EXHAUSTED' },
    );
    expect(
      (await adminDb.collection('checkoutSessions').where('userId', '==', guesser.uid).get()).size,
    ).toBe(0);
  });
});

describe('checking out with a code', () => {
  it('takes 10% off on the server, on Stripe, the order and the e-mail, and holds a use', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150 });
    const buyer = await newCustomer('Penny', 'Promo');
    const code = await newCode();
    const started = await checkoutWith(buyer, [line(raffleId, 10)], code);
    expect(started.amount).toBe(1350);
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
    const page = await (await fetch(started.checkoutUrl!)).text();
    expect(page).toContain('data-testid="total-due">£13.50<');
    expect(page).toContain(`Code ${code}`);

    const { orderId } = await payByCard(started);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order).toMatchObject({
      totalAmount: 1350,
      promo: { code, kind: 'percent', value: 10, discount: 150, bonusTickets: 0 },
    });
    expect(order.items).toEqual([expect.objectContaining({ quantity: 10, totalPrice: 1350 })]);
    const mail = await messageTo(buyer.email);
    // The line's price already has the code's saving off: the e-mail does not take it twice.
    expect(mail.text).toContain('10 × £1.50, £13.50 with savings');
    expect(mail.text).toContain(`Promo code ${code}: £1.50 saved (included above)\nTotal: £13.50`);
    expect(mail.text).toContain(`${siteUrl()}/account/orders/${orderId}`);
  });

  it('takes an amount off, never more than the raffles it applies to cost', async () => {
    const [cheap, other] = await Promise.all([
      createRaffle({ ticketPrice: 100 }),
      createRaffle({ ticketPrice: 300 }),
    ]);
    const buyer = await newCustomer();
    const code = await newCode({ kind: 'amount', value: 500, raffleIds: [cheap] });
    const started = await checkoutWith(buyer, [line(cheap, 2), line(other, 1)], code);
    // £5 off £2.00 of eligible tickets takes £2.00; the other raffle is paid in full.
    expect(started.amount).toBe(300);
  });

  it('says at once when a code leaves less than the card minimum to pay, as the checkout would', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150 });
    const buyer = await newCustomer();
    const code = await newCode({ kind: 'amount', value: 140 });
    const items = [line(raffleId, 1)];
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: CHECKOUT_MESSAGES.belowCardMinimum,
      details: { reason: 'card-minimum' },
    };
    // £1.50 less £1.40 leaves 10p, which no card can pay.
    expect(await call('checkPromoCode', { code, items }, buyer)).toEqual(refused);
    expect(await call('startCheckout', { items, promoCode: code }, buyer)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.belowCardMinimum,
    });
    // With account credit to pay those 10p, nothing is left for the card: the code applies.
    await adminDb.doc(userPath(buyer.uid)).update({ accountCredit: 50 });
    expect(await callOk('checkPromoCode', { code, items }, buyer)).toMatchObject({ total: 10 });
  });

  it('adds bonus tickets to the line, issued with the bought ones, within the per-person limit', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, maxTicketsPerUser: 6 });
    const buyer = await newCustomer();
    const code = await newCode({ kind: 'bonusTickets', value: 2 });
    expect(
      await call('startCheckout', { items: [line(raffleId, 7)], promoCode: code }, buyer),
    ).toMatchObject({ ok: false, message: 'You can only have up to 6 tickets for this raffle' });
    // Five fit on their own: the code's bonus is what does not, and the refusal says so.
    expect(
      await call('startCheckout', { items: [line(raffleId, 5)], promoCode: code }, buyer),
    ).toMatchObject({
      ok: false,
      message:
        'This code adds 2 bonus tickets, and only 6 more tickets fit in this raffle for you: buy fewer tickets or remove the code',
    });
    const started = await checkoutWith(buyer, [line(raffleId, 3)], code);
    expect(started.amount).toBe(450);
    const { orderId, ticketNumbers } = await payByCard(started);
    expect(ticketNumbers[raffleId]).toHaveLength(5);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order.items).toEqual([
      expect.objectContaining({ quantity: 5, bonusTickets: 2, totalPrice: 450 }),
    ]);
    const mail = await messageTo(buyer.email);
    expect(mail.text).toContain('3 × £1.50 + 2 bonus tickets');
  });

  it('says the bonus is what does not fit when few are left, picking or not', async () => {
    const [plain, picking, buyer] = await Promise.all([
      createRaffle({ maxTickets: 4 }),
      createRaffle({ maxTickets: 4, numberPicking: true }),
      newCustomer(),
    ]);
    const code = await newCode({ kind: 'bonusTickets', value: 2 });
    for (const raffleId of [plain, picking]) {
      // Three of four fit alone; with two bonus tickets they would be five.
      expect(
        await call('startCheckout', { items: [line(raffleId, 3)], promoCode: code }, buyer),
      ).toMatchObject({
        ok: false,
        message:
          'This code adds 2 bonus tickets, and only 4 more tickets fit in this raffle for you: buy fewer tickets or remove the code',
      });
      // Five do not fit even without the code: the raffle's own words.
      expect(
        await call('startCheckout', { items: [line(raffleId, 5)], promoCode: code }, buyer),
      ).toMatchObject({ ok: false, message: 'Only 4 tickets left for this raffle' });
    }
  });

  it('takes only the bought tickets off the cart, not the bonus ones', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const code = await newCode({ kind: 'bonusTickets', value: 2 });
    const started = await checkoutWith(buyer, [line(raffleId, 3)], code);
    // While Stripe's page is open, the customer puts four more in the cart from another tab.
    await adminDb.doc(`carts/${buyer.uid}`).set({
      items: [{ raffleId, quantity: 7 }],
      updatedAt: new Date(),
    });
    await payByCard(started);
    // Before, the five tickets issued (three and two bonus) came off, leaving two.
    expect((await adminDb.doc(`carts/${buyer.uid}`).get()).get('items')).toEqual([
      { raffleId, quantity: 4 },
    ]);
  });

  it('lets a customer use a code as often as it allows, and gives the use back when a checkout lapses', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const code = await newCode({ maxUsesPerCustomer: 1 });
    const first = await checkoutWith(buyer, [line(raffleId, 1)], code);
    // Going back and checking out again releases the first checkout, and its use.
    const second = await checkoutWith(buyer, [line(raffleId, 2)], code);
    expect((await adminDb.doc(`checkoutSessions/${first.sessionId}`).get()).get('status')).toBe(
      'cancelled',
    );
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
    await payByCard(second);
    expect(
      await call('startCheckout', { items: [line(raffleId, 1)], promoCode: code }, buyer),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: PROMO_MESSAGES.perCustomer,
      details: { reason: 'promo-code' },
    });
  });

  it('counts the discounted price against the spending limit', async () => {
    const raffleId = await createRaffle({ ticketPrice: 110 });
    const buyer = await newCustomer('Lim', 'Ited', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 1000 }, buyer);
    // Ten at £1.10 is £11.00, over £10; with 10% off, £9.90 fits.
    expect(await call('startCheckout', { items: [line(raffleId, 10)] }, buyer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(1000, 1000),
    });
    const code = await newCode();
    const started = await checkoutWith(buyer, [line(raffleId, 10)], code);
    expect(started.amount).toBe(990);
  });
});

describe('the discount as Stripe’s page names it', () => {
  it('shortens a name longer than Stripe takes (40 characters) rather than fail to open the page', async () => {
    const raffleId = await createRaffle({ ticketPrice: 500 });
    const buyer = await newCustomer('Long', 'Code');
    await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 100 });
    // "Code LONG-…-ABCDEF and account credit" would be 44 characters.
    const code = await newCode({ code: `LONG-${uniqueCode().slice(2)}-ABCDEF` });
    expect(code).toHaveLength(20);
    const started = await checkoutWith(buyer, [line(raffleId, 1)], code);
    expect(started.amount).toBe(350);
    const page = await (await fetch(started.checkoutUrl!)).text();
    expect(page).toContain('data-testid="total-due">£3.50<');
    expect(page).toContain('Promo code and account credit');
  });
});

describe('the last use under concurrency', () => {
  it('gives a code with one use left to exactly one of 12 checkouts racing for it', async () => {
    const raffleId = await createRaffle({ maxTickets: 1000 });
    const code = await newCode({ maxUses: 1 });
    const buyers = await newCustomers(12, 'Racer');
    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('startCheckout', { items: [line(raffleId, 1)], promoCode: code }, buyer),
      ),
    );
    const won = answers.filter((answer) => answer.ok);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((a) => !a.ok)) {
      expect(answer).toMatchObject({ ok: false, message: PROMO_MESSAGES.usedUp });
    }
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });

    // The winner leaves the payment page: the use comes back, and the next customer gets it.
    const winner = buyers[answers.findIndex((answer) => answer.ok)]!;
    const { sessionId } = (won[0] as { result: { sessionId: string } }).result;
    await callOk('cancelCheckout', { sessionId }, winner);
    expect(await codeDoc(code)).toMatchObject({ uses: 0 });
    const next = buyers.find((buyer) => buyer !== winner)!;
    expect((await checkoutWith(next, [line(raffleId, 1)], code)).amount).toBe(135);
  });
});
