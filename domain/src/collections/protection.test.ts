import {
  DEFAULT_PROTECTION,
  breakEnd,
  effectiveLimit,
  isOnBreak,
  isRaise,
  limitStandingOn,
  startOfUkMonth,
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
