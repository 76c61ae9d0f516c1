import {
  DEFAULT_PROTECTION,
  breakEnd,
  carriedSpend,
  effectiveLimit,
  isOnBreak,
  isRaise,
  limitStandingOn,
  startOfUkMonth,
  withMonthSpend,
} from './protection';

const HOUR = 3_600_000;

describe('player protection rules', () => {
  it('treats no limit as the highest limit', () => {
    expect(isRaise(5000, 6000)).toBe(true);
    expect(isRaise(5000, null)).toBe(true);
    expect(isRaise(5000, 0)).toBe(false);
    expect(isRaise(null, 100)).toBe(false);
  });

  it('applies a raise only once its 24 hours have passed', () => {
    const from = new Date('2026-03-02T12:00:00Z');
    const protection = {
      ...DEFAULT_PROTECTION,
      monthlyLimit: 1000,
      pendingRaise: { limit: 5000, from },
    };
    expect(effectiveLimit(protection, new Date(from.getTime() - 1))).toBe(1000);
    expect(effectiveLimit(protection, from)).toBe(5000);
  });

  it('stands a new account on the limit its address carries until it chooses its own', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const chosenAt = new Date('2026-01-01T00:00:00Z');
    const carried = { monthlyLimit: 1000, limitChosenAt: chosenAt, pendingRaise: null };
    expect(limitStandingOn(DEFAULT_PROTECTION, carried, now)).toEqual(carried);
    expect(limitStandingOn(DEFAULT_PROTECTION, null, now)).toMatchObject({ limitChosenAt: null });
    // Its own choice, once made, is the one (higher or lower than the carried).
    const own = { ...DEFAULT_PROTECTION, monthlyLimit: 9000, limitChosenAt: now };
    expect(limitStandingOn(own, carried, now)).toMatchObject({ monthlyLimit: 9000 });
    // A raise whose 24 hours are over is the limit.
    const raising = { ...carried, pendingRaise: { limit: 3000, from: now } };
    expect(limitStandingOn(DEFAULT_PROTECTION, raising, now)).toEqual({
      ...carried,
      monthlyLimit: 3000,
    });
  });

  it('knows when a break is on, and never shortens one', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(
      isOnBreak({ ...DEFAULT_PROTECTION, breakUntil: new Date(now.getTime() + HOUR) }, now),
    ).toBe(true);
    expect(isOnBreak({ ...DEFAULT_PROTECTION, breakUntil: new Date(now.getTime() - 1) }, now)).toBe(
      false,
    );
    expect(isOnBreak({ ...DEFAULT_PROTECTION, breakPermanent: true }, now)).toBe(true);
    const longer = new Date(now.getTime() + 30 * 24 * HOUR);
    expect(breakEnd('24h', now, longer)).toEqual(longer);
    expect(breakEnd('24h', now, null)).toEqual(new Date(now.getTime() + 24 * HOUR));
    expect(breakEnd('permanent', now, null)).toBeNull();
  });

  it('makes a six-month break six calendar months, at the same UK clock time', () => {
    // 12:00 BST on 1 July 2026: 12:00 GMT on 1 January 2027 (182 days ended on 30 December).
    expect(breakEnd('6m', new Date('2026-07-01T11:00:00Z'), null)?.toISOString()).toBe(
      '2027-01-01T12:00:00.000Z',
    );
    // 31 August has no 31 February: the last day of February.
    expect(breakEnd('6m', new Date('2026-08-31T09:30:45Z'), null)?.toISOString()).toBe(
      '2027-02-28T10:30:45.000Z',
    );
  });

  it('starts the month at UK midnight, in winter and in summer time', () => {
    expect(startOfUkMonth(new Date('2026-01-20T10:00:00Z')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(startOfUkMonth(new Date('2026-07-20T10:00:00Z')).toISOString()).toBe(
      '2026-06-30T23:00:00.000Z',
    );
    // 23:30 UTC on 31 July is already 1 August in London.
    expect(startOfUkMonth(new Date('2026-07-31T23:30:00Z')).toISOString()).toBe(
      '2026-07-31T23:00:00.000Z',
    );
  });
});

describe('this month’s spending kept for an address', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const nextMonth = new Date('2026-12-02T12:00:00Z');

  it('adds up the deleted accounts of this UK month, and nothing from an earlier one', () => {
    const one = withMonthSpend(null, 'a', { total: 3000, creditCard: 1000 }, now);
    const two = withMonthSpend(one, 'b', { total: 500, creditCard: 0 }, now);
    expect(carriedSpend({ monthSpend: two }, now)).toEqual({ total: 3500, creditCard: 1000 });
    expect(carriedSpend({ monthSpend: two }, nextMonth)).toEqual({ total: 0, creditCard: 0 });
    expect(carriedSpend(null, now)).toEqual({ total: 0, creditCard: 0 });
    // A new month starts the record again.
    expect(withMonthSpend(two, 'c', { total: 100, creditCard: 0 }, nextMonth).byAccount).toEqual({
      c: { total: 100, creditCard: 0 },
    });
  });

  it('counts an account once when its deletion runs again, keeping the higher figures', () => {
    const first = withMonthSpend(null, 'a', { total: 3000, creditCard: 1000 }, now);
    // Run again after its orders lost their uid: they no longer add up to the same.
    const again = withMonthSpend(first, 'a', { total: 0, creditCard: 0 }, now);
    expect(carriedSpend({ monthSpend: again }, now)).toEqual({ total: 3000, creditCard: 1000 });
  });
});
