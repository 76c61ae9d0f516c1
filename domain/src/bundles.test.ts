import { BUNDLE_MESSAGES, bundleProblem } from './bundleRules';
import {
  MAX_BUNDLES,
  bundleLabel,
  linePriceText,
  mostPayable,
  priceLine,
  ticketShares,
} from './bundles';
import { creditNotGivenBack, orderSums, refundedNumbers, refundedWithout } from './orderMoney';

const BUNDLES = [
  { tickets: 5, price: 600 },
  { tickets: 10, price: 1100 },
];

describe('mostPayable', () => {
  it('is the dearest quantity up to the maximum, each priced as priceLine prices it', () => {
    expect(mostPayable(150, [], 10)).toBe(1500);
    // Two singles (30p) cost more than the bundle of three (25p).
    expect(mostPayable(15, [{ tickets: 3, price: 25 }], 3)).toBe(30);
    for (let max = 1; max <= 12; max += 1) {
      const each = Array.from({ length: max }, (_, i) => priceLine(150, BUNDLES, i + 1).total);
      expect(mostPayable(150, BUNDLES, max)).toBe(Math.max(...each));
    }
  });
});

describe('priceLine', () => {
  it('charges single tickets when there are no bundles, or too few tickets for one', () => {
    expect(priceLine(150, [], 7)).toEqual({ total: 1050, bundles: [], singles: 7, saving: 0 });
    expect(priceLine(150, BUNDLES, 4)).toEqual({ total: 600, bundles: [], singles: 4, saving: 0 });
  });

  it('finds the cheapest mix of bundles and single tickets', () => {
    expect(priceLine(150, BUNDLES, 7)).toEqual({
      total: 900,
      bundles: [{ tickets: 5, price: 600, count: 1 }],
      singles: 2,
      saving: 150,
    });
    expect(priceLine(150, BUNDLES, 10).total).toBe(1100);
    expect(priceLine(150, BUNDLES, 25)).toMatchObject({
      total: 1100 * 2 + 600,
      bundles: [
        { tickets: 10, count: 2 },
        { tickets: 5, count: 1 },
      ],
      singles: 0,
    });
  });

  it('is exact where a greedy choice is not (3 for £2 and 4 for £2.50, six tickets)', () => {
    const odd = [
      { tickets: 3, price: 200 },
      { tickets: 4, price: 250 },
    ];
    // Greedy (the 4, then two singles) would be £4.50; two threes are £4.00.
    expect(priceLine(100, odd, 6)).toMatchObject({ total: 400, singles: 0 });
  });

  it('prices every quantity up to the cart line limit at or below the tickets one by one', () => {
    for (let quantity = 1; quantity <= 1000; quantity += 37) {
      const { total, saving } = priceLine(150, BUNDLES, quantity);
      expect(total + saving).toBe(150 * quantity);
      expect(saving).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('ticketShares', () => {
  it('splits a line into whole pence that add up exactly', () => {
    expect(ticketShares(900, 7)).toEqual([129, 129, 129, 129, 128, 128, 128]);
    expect(ticketShares(600, 5)).toEqual([120, 120, 120, 120, 120]);
    expect(ticketShares(0, 2)).toEqual([0, 0]);
  });
});

describe('bundleProblem', () => {
  const raffle = { ticketPrice: 150, maxTicketsPerUser: 20 };

  it('accepts bundles that save money within the per-person limit', () => {
    expect(bundleProblem(BUNDLES, raffle)).toBeNull();
    expect(bundleProblem([], { ticketPrice: 0, maxTicketsPerUser: 1 })).toBeNull();
  });

  it('names the bundle and the field of the first broken rule', () => {
    const cases: Array<[Array<{ tickets: number; price: number }>, number, string, string]> = [
      [[{ tickets: 5, price: 750 }], 0, 'price', BUNDLE_MESSAGES.notCheaper],
      [[{ tickets: 1, price: 100 }], 0, 'tickets', BUNDLE_MESSAGES.ticketsMin],
      [[...BUNDLES, { tickets: 21, price: 100 }], 2, 'tickets', BUNDLE_MESSAGES.overPerUser],
      [[...BUNDLES, { tickets: 5, price: 500 }], 2, 'tickets', BUNDLE_MESSAGES.duplicate],
      [[{ tickets: 5, price: 0 }], 0, 'price', BUNDLE_MESSAGES.priceInvalid],
    ];
    for (const [bundles, index, field, message] of cases) {
      expect(bundleProblem(bundles, raffle)).toEqual({ index, field, message });
    }
    const many = Array.from({ length: MAX_BUNDLES + 1 }, (_, i) => ({ tickets: i + 2, price: 1 }));
    expect(bundleProblem(many, raffle)?.message).toBe(BUNDLE_MESSAGES.tooMany);
    expect(
      bundleProblem([{ tickets: 2, price: 1 }], { ticketPrice: 0, maxTicketsPerUser: 1 }),
    ).toMatchObject({ message: BUNDLE_MESSAGES.freeNone });
  });
});

describe('labels', () => {
  it('reads as a person says it', () => {
    expect(bundleLabel({ tickets: 5, price: 800 })).toBe('5 for £8.00');
    expect(linePriceText({ quantity: 7, unitPrice: 150, totalPrice: 900 })).toBe(
      '7 × £1.50, £9.00 with savings',
    );
    expect(linePriceText({ quantity: 2, unitPrice: 150, totalPrice: 300 })).toBe('2 × £1.50');
    expect(linePriceText({ quantity: 1, unitPrice: 0, totalPrice: 0 })).toBe('1 × FREE');
  });
});

describe('orderSums', () => {
  const items = [{ totalPrice: 600 }, { totalPrice: 400 }];

  it('gives the lines’ total alone when no account credit was used', () => {
    expect(orderSums({ items, totalAmount: 1000, creditApplied: 0 })).toEqual([
      { label: 'Total', amount: '£10.00' },
    ]);
    expect(orderSums({ items: [{ totalPrice: 0 }], totalAmount: 0, creditApplied: 0 })).toEqual([
      { label: 'Total', amount: 'FREE' },
    ]);
  });

  it('says what account credit paid and what the card paid', () => {
    expect(orderSums({ items, totalAmount: 700, creditApplied: 300 })).toEqual([
      { label: 'Total', amount: '£10.00' },
      { label: 'Account credit', amount: '−£3.00' },
      { label: 'Paid by card', amount: '£7.00' },
    ]);
    expect(orderSums({ items, totalAmount: 0, creditApplied: 1000 })).toEqual([
      { label: 'Total', amount: '£10.00' },
      { label: 'Account credit', amount: '−£10.00' },
      { label: 'Paid by card', amount: '£0.00' },
    ]);
  });
});

describe('what came back of an order', () => {
  const items = [
    { raffleId: 'a', totalPrice: 600, ticketNumbers: [1, 2, 3] },
    { raffleId: 'b', totalPrice: 400, ticketNumbers: [7, 8] },
  ];
  const refund = { provider: 'stripe' as const, refundId: 'r', at: new Date() };

  it('adds what was refunded to the card and the credit returned under the sums', () => {
    const order = {
      items,
      totalAmount: 700,
      creditApplied: 300,
      refundedAmount: 200,
      ticketRefunds: {
        k: {
          ...refund,
          ticketIds: ['a_2'],
          costByRaffle: { a: 200 },
          amount: 200,
          creditReturned: 0,
          state: 'done' as const,
          by: 'admin',
        },
      },
      refunds: { b: { ...refund, amount: 100, creditReturned: 300 } },
    };
    expect(orderSums(order)).toEqual([
      { label: 'Total', amount: '£10.00' },
      { label: 'Account credit', amount: '−£3.00' },
      { label: 'Paid by card', amount: '£7.00' },
      { label: 'Refunded to card', amount: '−£2.00' },
      { label: 'Account credit returned', amount: '−£3.00' },
    ]);
    expect(refundedNumbers(order, 'a')).toEqual([2]);
    // A cancelled raffle's refund takes its whole line.
    expect(refundedNumbers(order, 'b')).toEqual([7, 8]);
    // A refund with no card payment on record is the shop's to pay back, not the card's.
    const byHand = {
      ...order,
      refundedAmount: 300,
      refunds: { b: { ...refund, amount: 100, creditReturned: 300, provider: 'manual' as const } },
    };
    expect(orderSums(byHand).slice(3)).toEqual([
      { label: 'Refunded to card', amount: '−£2.00' },
      { label: 'Refunded to you', amount: '−£1.00' },
      { label: 'Account credit returned', amount: '−£3.00' },
    ]);
  });

  /** The whole £10.00 payment came back through Stripe: disputed, or `kind`. */
  const throughStripe = (kind: 'disputed' | 'refunded' = 'disputed') => ({
    kind,
    amount: 1000,
    at: new Date(),
    afterDraw: false,
    creditReturned: 0,
    creditKept: 0,
  });

  it('counts every number when the whole payment came back through Stripe', () => {
    expect(refundedNumbers({ items, moneyBack: throughStripe() }, 'a')).toEqual([1, 2, 3]);
    expect(refundedNumbers({ items }, 'a')).toEqual([]);
  });

  it('never gives back again the credit a voiding kept spent', () => {
    const voided = { ...throughStripe(), creditReturned: 200, creditKept: 300 };
    expect(creditNotGivenBack({ creditApplied: 600, moneyBack: voided })).toBe(100);
    expect(creditNotGivenBack({ creditApplied: 500, moneyBack: voided })).toBe(0);
    expect(creditNotGivenBack({ creditApplied: 600 })).toBe(600);
  });

  it('takes a refused refund claim back from what the order counts as refunded', () => {
    expect(refundedWithout({ refundedAmount: 450 }, 150)).toBe(300);
    expect(refundedWithout({ refundedAmount: 150 }, 150)).toBe(0);
    expect(refundedWithout({}, 150)).toBe(0);
  });

  it('never below what Stripe reported refunded in its dashboard meanwhile', () => {
    const refunded = throughStripe('refunded');
    expect(refundedWithout({ refundedAmount: 1000, moneyBack: refunded }, 300)).toBe(1000);
    // A dispute is not money Stripe refunded: the claim comes off.
    expect(refundedWithout({ refundedAmount: 1000, moneyBack: throughStripe() }, 300)).toBe(700);
  });
});
