/**
 * Bundles ("5 for £6"): set by administrators within the raffle's rules, priced on the server
 * at the cheapest mix for the quantity, charged through Stripe at that price, recorded on the
 * order and on each ticket (what a refund of it gives back), and counted against the
 * customer's spending limit at the bundle price.
 */
import {
  BUNDLE_MESSAGES,
  DEFAULT_POSTAL_ENTRY_TEXT,
  PROTECTION_MESSAGES,
  SITE_SETTINGS_PATH,
  ticketId,
  type SaveRaffleInput,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { messageTo } from '../support/mail';
import { createRaffle, line } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const BUNDLES = [
  { tickets: 5, price: 600 },
  { tickets: 10, price: 1100 },
];

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
  await adminDb
    .doc(SITE_SETTINGS_PATH)
    .set({ postalEntryAddress: '1 Test Street, London' }, { merge: true });
});

const raffleInput = (overrides: Partial<SaveRaffleInput> = {}): SaveRaffleInput => ({
  raffleId: null,
  name: `Test raffle bundles ${Date.now()}`,
  description: 'A prize sold in bundles',
  imageUrl: '/images/raffles/car-mini.svg',
  category: 'competition',
  ticketPrice: 150,
  maxTickets: 100,
  maxTicketsPerUser: 20,
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: new Date(Date.now() + 200 * DAY).toISOString(),
  onlineEntryText: 'Enter online by purchasing tickets through our website.',
  postalEntryText: DEFAULT_POSTAL_ENTRY_TEXT,
  bundles: BUNDLES,
  ...overrides,
});

const orderOf = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;

describe('setting bundles', () => {
  it('stores the bundles an administrator sets, and changes them on an edit', async () => {
    const { id } = await callOk('saveRaffle', raffleInput(), admin);
    expect((await adminDb.doc(`raffles/${id}`).get()).get('bundles')).toEqual(BUNDLES);
    await callOk('saveRaffle', raffleInput({ raffleId: id, bundles: [] }), admin);
    expect((await adminDb.doc(`raffles/${id}`).get()).get('bundles')).toEqual([]);
  });

  it('refuses bundles that break the rules, saying which, and writes nothing', async () => {
    const cases: Array<[Partial<SaveRaffleInput>, string]> = [
      [{ bundles: [{ tickets: 5, price: 750 }] }, BUNDLE_MESSAGES.notCheaper],
      [{ bundles: [{ tickets: 1, price: 100 }] }, BUNDLE_MESSAGES.ticketsMin],
      [{ bundles: [{ tickets: 30, price: 3000 }] }, BUNDLE_MESSAGES.overPerUser],
      [
        {
          bundles: [
            { tickets: 5, price: 600 },
            { tickets: 5, price: 500 },
          ],
        },
        BUNDLE_MESSAGES.duplicate,
      ],
      [{ bundles: [{ tickets: 5, price: 0 }] }, BUNDLE_MESSAGES.priceInvalid],
      [
        {
          category: 'free',
          ticketPrice: 0,
          maxTicketsPerUser: 1,
          bundles: [{ tickets: 2, price: 0 }],
        },
        BUNDLE_MESSAGES.freeNone,
      ],
      [
        { bundles: [2, 3, 4, 5, 6].map((tickets) => ({ tickets, price: tickets * 100 })) },
        BUNDLE_MESSAGES.tooMany,
      ],
    ];
    for (const [overrides, message] of cases) {
      const name = `Test raffle bad bundle ${Date.now()}`;
      expect(await call('saveRaffle', raffleInput({ name, ...overrides }), admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message,
      });
      expect((await adminDb.collection('raffles').where('name', '==', name).get()).empty).toBe(
        true,
      );
    }
  });
});

describe('buying with bundles', () => {
  it('charges the cheapest mix (7 tickets: 5 for £6 and two at £1.50), on Stripe and the order', async () => {
    const raffleId = await createRaffle({
      ticketPrice: 150,
      maxTicketsPerUser: 20,
      bundles: BUNDLES,
    });
    const buyer = await newCustomer('Bea', 'Bundle');
    const started = await callOk('startCheckout', { items: [line(raffleId, 7)] }, buyer);
    expect(started.amount).toBe(900);
    const reservation = await adminDb.doc(`checkoutSessions/${started.sessionId}`).get();
    expect(reservation.get('items')).toEqual([
      expect.objectContaining({ quantity: 7, unitPrice: 150, linePrice: 900 }),
    ]);
    // Stripe's page (the double's) shows each ticket's own price and the saving taken off.
    const page = await (await fetch(started.checkoutUrl!)).text();
    expect(page).toContain('data-testid="total-due">£9.00<');
    expect(page).toContain('Bundle savings');

    const { orderId, ticketNumbers } = await payByCard(started);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ totalAmount: 900, paymentStatus: 'paid' });
    expect(order.items).toEqual([
      expect.objectContaining({ quantity: 7, unitPrice: 150, totalPrice: 900 }),
    ]);
    // Each ticket carries its share of the £9.00, to the penny.
    const numbers = ticketNumbers[raffleId]!;
    const tickets = await adminDb.getAll(
      ...numbers.map((n) => adminDb.doc(`tickets/${ticketId(raffleId, n)}`)),
    );
    const shares = tickets.map((ticket) => ticket.get('paidPrice') as number);
    expect(shares.reduce((sum, pence) => sum + pence, 0)).toBe(900);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    const mail = await messageTo(buyer.email);
    expect(mail.subject).toBe(`Your tickets: order ${String(order.orderNumber)}`);
    expect(mail.text).toContain('7 × £1.50, £9.00 with savings');
  });

  it('uses the bigger bundle when it is cheaper, and no bundle for fewer tickets', async () => {
    const raffleId = await createRaffle({
      ticketPrice: 150,
      maxTicketsPerUser: 20,
      bundles: BUNDLES,
    });
    const buyer = await newCustomer();
    const ten = await callOk('startCheckout', { items: [line(raffleId, 10)] }, buyer);
    expect(ten.amount).toBe(1100);
    const four = await callOk('startCheckout', { items: [line(raffleId, 4)] }, buyer);
    expect(four.amount).toBe(600);
  });

  it('refunds a ticket of a bundle at what it cost, and the rest to the penny', async () => {
    const raffleId = await createRaffle({
      ticketPrice: 150,
      maxTicketsPerUser: 20,
      bundles: BUNDLES,
    });
    const buyer = await newCustomer('Reg', 'Refund');
    const started = await callOk('startCheckout', { items: [line(raffleId, 5)] }, buyer);
    const { orderId, ticketNumbers } = await payByCard(started);
    const first = ticketId(raffleId, ticketNumbers[raffleId]![0]!);
    const one = await callOk('refundOrder', { orderId, ticketIds: [first] }, admin);
    expect(one.amount).toBe(120);
    const rest = await callOk('refundOrder', { orderId }, admin);
    expect(rest.amount).toBe(480);
    expect(await orderOf(orderId)).toMatchObject({ refundedAmount: 600 });
  });

  it('counts the bundle price, not the tickets one by one, against the spending limit', async () => {
    const raffleId = await createRaffle({
      ticketPrice: 150,
      maxTicketsPerUser: 20,
      bundles: BUNDLES,
    });
    const buyer = await newCustomer('Lim', 'Ited', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 600 }, buyer);
    // £6.00 for five fits a £6 limit (five at £1.50 would be £7.50); a sixth ticket does not.
    expect((await callOk('startCheckout', { items: [line(raffleId, 5)] }, buyer)).amount).toBe(600);
    expect(await call('startCheckout', { items: [line(raffleId, 6)] }, buyer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(600, 600),
    });
  });
});
