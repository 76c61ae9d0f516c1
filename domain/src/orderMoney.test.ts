import { refundedWithout } from './orderMoney';

describe('refundedWithout', () => {
  it('takes a refused claim back from what the order counts as refunded', () => {
    expect(refundedWithout({ refundedAmount: 450 }, 150)).toBe(300);
    expect(refundedWithout({ refundedAmount: 150 }, 150)).toBe(0);
    expect(refundedWithout({}, 150)).toBe(0);
  });

  it('never below what Stripe reported refunded in its dashboard meanwhile', () => {
    const moneyBack = {
      kind: 'refunded' as const,
      amount: 1000,
      at: new Date(),
      afterDraw: false,
      creditReturned: 0,
    };
    expect(refundedWithout({ refundedAmount: 1000, moneyBack }, 300)).toBe(1000);
    // A dispute is not money Stripe refunded: the claim comes off.
    expect(
      refundedWithout({ refundedAmount: 1000, moneyBack: { ...moneyBack, kind: 'disputed' } }, 300),
    ).toBe(700);
  });
});
