import { creditCardRefused } from './orders';

describe('creditCardRefused', () => {
  it('refuses a credit card only where the amount is over what the cap leaves', () => {
    expect(creditCardRefused({ amount: 500, creditCardAllowance: null })).toBe(false);
    expect(creditCardRefused({ amount: 500, creditCardAllowance: 500 })).toBe(false);
    expect(creditCardRefused({ amount: 501, creditCardAllowance: 500 })).toBe(true);
    // A basket with an instant-win raffle: debit cards only.
    expect(creditCardRefused({ amount: 100, creditCardAllowance: 0 })).toBe(true);
  });
});
