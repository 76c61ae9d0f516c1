import { promoCodeFormSchema } from './callables/promoCodeForm';
import {
  PROMO_MESSAGES,
  appliedPromoText,
  applyPromo,
  normalisePromoCode,
  promoAvailability,
  promoBenefit,
} from './promoCodes';

const percent = (value: number, more = {}) => ({
  kind: 'percent' as const,
  value,
  minSpend: 0,
  raffleIds: [],
  ...more,
});

describe('applyPromo', () => {
  it('takes a percentage off the raffles it applies to, rounded down to the penny', () => {
    expect(applyPromo(percent(10), [{ raffleId: 'a', total: 1999 }])).toEqual({
      discount: 199,
      byLine: { a: 199 },
      bonusTickets: 0,
      bonusRaffleId: null,
    });
  });

  it('shares the discount between lines in proportion, to the penny', () => {
    const outcome = applyPromo({ ...percent(0), kind: 'amount', value: 100 }, [
      { raffleId: 'a', total: 100 },
      { raffleId: 'b', total: 100 },
      { raffleId: 'c', total: 100 },
    ]);
    expect(outcome).toMatchObject({ discount: 100 });
    const shares = Object.values((outcome as { byLine: Record<string, number> }).byLine);
    expect(shares.reduce((sum, pence) => sum + pence, 0)).toBe(100);
    expect(shares.sort()).toEqual([33, 33, 34]);
  });

  it('never takes more than the eligible lines cost, and leaves the others alone', () => {
    const outcome = applyPromo({ ...percent(0), kind: 'amount', value: 500, raffleIds: ['a'] }, [
      { raffleId: 'a', total: 200 },
      { raffleId: 'b', total: 300 },
    ]);
    expect(outcome).toEqual({
      discount: 200,
      byLine: { a: 200 },
      bonusTickets: 0,
      bonusRaffleId: null,
    });
  });

  it('adds bonus tickets to the first raffle it applies to', () => {
    expect(
      applyPromo({ ...percent(0), kind: 'bonusTickets', value: 2, raffleIds: ['b', 'c'] }, [
        { raffleId: 'a', total: 100 },
        { raffleId: 'c', total: 100 },
        { raffleId: 'b', total: 100 },
      ]),
    ).toEqual({ discount: 0, byLine: {}, bonusTickets: 2, bonusRaffleId: 'c' });
    // Not to a free raffle (one ticket each): to the first paid one, if any.
    const bonus = { ...percent(0), kind: 'bonusTickets' as const, value: 1 };
    const free = { raffleId: 'free', total: 0 };
    expect(applyPromo(bonus, [free, { raffleId: 'b', total: 100 }])).toMatchObject({
      bonusRaffleId: 'b',
    });
    expect(applyPromo(bonus, [free])).toEqual({ problem: PROMO_MESSAGES.notForCart });
  });

  it('says why a code does not apply', () => {
    expect(applyPromo(percent(10, { raffleIds: ['x'] }), [{ raffleId: 'a', total: 100 }])).toEqual({
      problem: PROMO_MESSAGES.notForCart,
    });
    expect(applyPromo(percent(10, { minSpend: 500 }), [{ raffleId: 'a', total: 499 }])).toEqual({
      problem: PROMO_MESSAGES.minSpend(500),
    });
  });
});

describe('promoAvailability', () => {
  const now = new Date('2030-01-10T12:00:00Z');
  const code = {
    active: true,
    startsAt: new Date('2030-01-01T00:00:00Z'),
    endsAt: new Date('2030-02-01T00:00:00Z'),
    maxUses: 5,
    uses: 4,
    maxUsesPerCustomer: 2,
  };

  it('lets a code be used within its dates and limits', () => {
    expect(promoAvailability(code, 1, now)).toBeNull();
    expect(
      promoAvailability({ ...code, startsAt: null, endsAt: null, maxUses: null }, 0, now),
    ).toBeNull();
  });

  it('refuses with the reason, switched off reading as unknown', () => {
    expect(promoAvailability({ ...code, active: false }, 0, now)).toBe(PROMO_MESSAGES.notValid);
    expect(promoAvailability({ ...code, startsAt: new Date('2030-01-11T00:00:00Z') }, 0, now)).toBe(
      PROMO_MESSAGES.notStarted,
    );
    expect(promoAvailability({ ...code, endsAt: now }, 0, now)).toBe(PROMO_MESSAGES.ended);
    expect(promoAvailability({ ...code, uses: 5 }, 0, now)).toBe(PROMO_MESSAGES.usedUp);
    expect(promoAvailability(code, 2, now)).toBe(PROMO_MESSAGES.perCustomer);
  });
});

describe('texts', () => {
  it('read as a person says them', () => {
    expect(normalisePromoCode('  spring-10 ')).toBe('SPRING-10');
    expect(promoBenefit('percent', 10)).toBe('10% off');
    expect(promoBenefit('amount', 250)).toBe('£2.50 off');
    expect(promoBenefit('bonusTickets', 1)).toBe('1 bonus ticket');
    expect(appliedPromoText({ code: 'SPRING-10', discount: 150, bonusTickets: 0 })).toBe(
      'Promo code SPRING-10: £1.50 saved (included above)',
    );
    expect(appliedPromoText({ code: 'TWO-FREE', discount: 0, bonusTickets: 2 })).toBe(
      'Promo code TWO-FREE: 2 bonus tickets (included above)',
    );
  });
});

describe('promoCodeFormSchema', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    create: true,
    code: 'spring-10',
    kind: 'amount',
    value: '2.50',
    startsAt: '',
    endsAt: '',
    maxUses: '',
    maxUsesPerCustomer: '1',
    minSpend: '5.00',
    raffleIds: [],
    active: true,
    ...overrides,
  });

  it('turns what is typed into the callable input: capitals, pence, blanks as none', () => {
    expect(promoCodeFormSchema.parse(form())).toEqual({
      create: true,
      code: 'SPRING-10',
      kind: 'amount',
      value: 250,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 1,
      minSpend: 500,
      raffleIds: [],
      active: true,
    });
  });

  it('refuses what the callable refuses, with the same words', () => {
    const problem = (overrides: Record<string, unknown>) =>
      promoCodeFormSchema.safeParse(form(overrides)).error?.issues[0]?.message;
    expect(problem({ kind: 'percent', value: '150' })).toBe(PROMO_MESSAGES.percentRange);
    expect(problem({ kind: 'bonusTickets', value: '0' })).toBe(PROMO_MESSAGES.bonusRange);
    expect(problem({ value: '0' })).toBe(PROMO_MESSAGES.amountPositive);
    expect(problem({ code: 'no!' })).toBe(PROMO_MESSAGES.codeFormat);
    expect(problem({ startsAt: '2030-01-02T10:00', endsAt: '2030-01-01T10:00' })).toBe(
      PROMO_MESSAGES.endAfterStart,
    );
  });
});
