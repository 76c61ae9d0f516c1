import {
  formatPence,
  formatPenceUngrouped,
  creditHeldBy,
  creditToApply,
  formatPriceOrFree,
  parsePoundsToPence,
  penceToPoundsText,
} from './money';

describe('money in integer pence', () => {
  it('formats pence as en-GB pounds with two decimals', () => {
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(99)).toBe('£0.99');
    expect(formatPence(150000)).toBe('£1,500.00');
  });

  it('writes a headline figure without a thousands comma', () => {
    expect(formatPenceUngrouped(150000)).toBe('£1500.00');
    expect(formatPenceUngrouped(99)).toBe('£0.99');
  });

  it('shows FREE for a zero price', () => {
    expect(formatPriceOrFree(0)).toBe('FREE');
    expect(formatPriceOrFree(250)).toBe('£2.50');
  });

  it('parses pounds typed by a person without floating point error', () => {
    expect(parsePoundsToPence('1')).toBe(100);
    expect(parsePoundsToPence('1.5')).toBe(150);
    expect(parsePoundsToPence('£0.29')).toBe(29);
    expect(parsePoundsToPence('1,234.56')).toBe(123456);
    expect(parsePoundsToPence('4.35')).toBe(435);
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', 'abc', '-1', '1.234', '1.2.3']) {
      expect(parsePoundsToPence(bad)).toBeNull();
    }
  });

  it('turns pence back into a pounds string for forms', () => {
    expect(penceToPoundsText(5)).toBe('0.05');
    expect(penceToPoundsText(12345)).toBe('123.45');
  });

  it('uses account credit so that nothing, or at least Stripe’s minimum, is left for the card', () => {
    expect(creditToApply(1500, 2000)).toBe(1500);
    expect(creditToApply(1500, 1000)).toBe(1000);
    // £14.90 of credit on £15.00 would leave 10p: it leaves 30p instead.
    expect(creditToApply(1500, 1490)).toBe(1470);
    expect(creditToApply(1500, 0)).toBe(0);
    // Under the minimum in all: credit that cannot cover it is not taken (the checkout refuses).
    expect(creditToApply(20, 10)).toBe(0);
    expect(creditToApply(20, 20)).toBe(20);
  });

  it('counts the credit the shopper’s own open checkouts hold, not an administrator’s entry', () => {
    const open = [
      { createdBy: null, creditApplied: 470 },
      { createdBy: 'admin-uid', creditApplied: 300 },
      { createdBy: null, creditApplied: 0 },
    ];
    expect(creditHeldBy(open)).toBe(470);
    expect(creditHeldBy([])).toBe(0);
  });
});
