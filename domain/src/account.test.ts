import { ACCOUNT_MESSAGES, orderDateRange } from './account';
import { ageOn, isCalendarDate, ukToday } from './dates';
import { orderSearchTerms, searchTermsOf } from './search';
import { deleteAccountInput } from './callables/deleteAccount';
import { saveProfileInput } from './callables/saveProfile';
import { signInWithUsernameInput } from './callables/signInWithUsername';
import { AUTH_MESSAGES } from './auth';
import { cardFromStripe } from './callables/saveStripeCard';
import {
  personalDetailsSchema,
  updatePersonalDetailsInput,
} from './callables/updatePersonalDetails';

const DAY = 86_400_000;

function firstMessage(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('orderDateRange', () => {
  const now = new Date('2025-06-30T12:00:00Z');
  it('gives the last 30 days, 30 to 90 days ago and over 90 days ago', () => {
    expect(orderDateRange('all', now)).toEqual({ from: null, before: null });
    expect(orderDateRange('last30', now)).toEqual({
      from: new Date(now.getTime() - 30 * DAY),
      before: null,
    });
    expect(orderDateRange('last90', now)).toEqual({
      from: new Date(now.getTime() - 90 * DAY),
      before: new Date(now.getTime() - 30 * DAY),
    });
    expect(orderDateRange('older', now)).toEqual({
      from: null,
      before: new Date(now.getTime() - 90 * DAY),
    });
  });
});

describe('order search terms', () => {
  it('stores the order number, its parts, and item words with every piece inside them', () => {
    const terms = orderSearchTerms('RW-250101-ABC123', ['MacBook Air M4', '£10,000 Tax-Free Cash']);
    expect(terms).toEqual(
      expect.arrayContaining([
        'rw-250101-abc123',
        'rw',
        '250101',
        'abc123',
        'macbook',
        'mac',
        'macb',
        'book',
        'cbo',
        'air',
        'm4',
        '10',
        '000',
        'tax',
        'free',
        'cash',
      ]),
    );
    expect(terms).not.toContain('ma');
    expect(terms).not.toContain('ok');
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('keeps whole words and order-number parts first when a long order reaches 200 terms', () => {
    const names = Array.from({ length: 12 }, (_, i) => `Extraordinarily${i} Magnificent${i}`);
    const terms = orderSearchTerms('RW-250101-ABC123', names);
    expect(terms).toHaveLength(200);
    expect(terms.slice(0, 4)).toEqual(['rw-250101-abc123', 'rw', '250101', 'abc123']);
    expect(terms).toContain('magnificent11');
  });

  it('reads a search box: an order number whole, otherwise words longest first', () => {
    expect(searchTermsOf('  RW-250101-ABC123 ')).toEqual(['rw-250101-abc123']);
    expect(searchTermsOf('Air MacBook')).toEqual(['macbook', 'air']);
    expect(searchTermsOf('   ')).toEqual([]);
  });

  it('never stores half a character (a raffle named with mathematical letters)', () => {
    const terms = orderSearchTerms('RW-250101-ABC123', ['𝐖inner 𝐂ar 😀😀']);
    expect(terms.filter((term) => /\p{Cs}/u.test(term))).toEqual([]);
    expect(terms).toEqual(expect.arrayContaining(['𝐖inner', '𝐖in', 'inner', 'nne', '𝐂ar']));
    expect(searchTermsOf('𝐖in')).toEqual(['𝐖in']);
  });

  it('finds an order by what a customer would type', () => {
    const terms = orderSearchTerms('RW-250101-ABC123', ['iPhone 17 Pro Max 512GB']);
    for (const query of [
      'iphone',
      'IPHO',
      'phone',
      'pro max',
      'rw-250101-abc123',
      'abc123',
      '512',
      'c12',
    ]) {
      expect(searchTermsOf(query).every((term) => terms.includes(term))).toBe(true);
    }
    expect(searchTermsOf('android').every((term) => terms.includes(term))).toBe(false);
  });
});

describe('dates of birth', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2001-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2000')).toBe(false);
  });

  it('counts whole calendar years', () => {
    expect(ageOn('2007-06-30', '2025-06-30')).toBe(18);
    expect(ageOn('2007-07-01', '2025-06-30')).toBe(17);
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
  });

  it("uses the UK's date", () => {
    expect(ukToday(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    expect(ukToday(new Date('2025-01-31T23:30:00Z'))).toBe('2025-01-31');
  });
});

describe('profile schemas', () => {
  it('stores a blank username and bio as null, and accepts its own output again', () => {
    const parsed = saveProfileInput.parse({ username: '  ', bio: '' });
    expect(parsed).toEqual({ username: null, bio: null });
    expect(saveProfileInput.parse(parsed)).toEqual(parsed);
  });

  it('allows 3 to 30 letters, digits, _ and . in a username', () => {
    expect(saveProfileInput.parse({ username: 'Jane.Smith_1', bio: null }).username).toBe(
      'Jane.Smith_1',
    );
    for (const username of ['ab', 'a'.repeat(31), 'jane smith', 'jane@x.com', 'jané', '__jane__']) {
      expect(firstMessage(saveProfileInput.safeParse({ username, bio: null }))).toBe(
        ACCOUNT_MESSAGES.usernameInvalid,
      );
    }
    expect(firstMessage(saveProfileInput.safeParse({ username: 'SUPPORT', bio: null }))).toBe(
      ACCOUNT_MESSAGES.usernameTaken,
    );
  });

  it('signs in only with what a username can be, answered as an unknown one', () => {
    const signIn = (username: string) =>
      signInWithUsernameInput.safeParse({ username, password: 'Wrong!pass1' });
    expect(signIn(' Jane.Smith_1 ').data?.username).toBe('jane.smith_1');
    for (const username of ['.', '..', '__abc__', 'jane@x.com', 'a/b', 'a'.repeat(31)]) {
      expect(firstMessage(signIn(username))).toBe(AUTH_MESSAGES.invalidUsernameOrPassword);
    }
  });

  it('normalises a UK phone number and refuses others', () => {
    const base = { firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', bio: null };
    expect(
      personalDetailsSchema.parse({ ...base, phoneNumber: '+44 (7700) 900-123' }).phoneNumber,
    ).toBe('+447700900123');
    expect(personalDetailsSchema.parse({ ...base, phoneNumber: '' }).phoneNumber).toBeNull();
    for (const phoneNumber of ['07700900123', '+4477009001234', '+33770090012']) {
      expect(firstMessage(personalDetailsSchema.safeParse({ ...base, phoneNumber }))).toBe(
        ACCOUNT_MESSAGES.phoneInvalid,
      );
    }
  });

  it('refuses an empty update and unknown fields', () => {
    expect(firstMessage(updatePersonalDetailsInput.safeParse({}))).toBe('Nothing to update');
    expect(updatePersonalDetailsInput.safeParse({ banned: false }).success).toBe(false);
  });

  it('asks for exactly DELETE', () => {
    expect(deleteAccountInput.safeParse({ confirmation: 'DELETE' }).success).toBe(true);
    for (const confirmation of ['delete', ' DELETE', 'DELETED', '']) {
      expect(firstMessage(deleteAccountInput.safeParse({ confirmation }))).toBe(
        ACCOUNT_MESSAGES.deleteConfirmation,
      );
    }
  });
});

describe('cards', () => {
  it('keeps brand, last four, expiry and funding of a Stripe card', () => {
    expect(
      cardFromStripe('pm_123', {
        brand: 'mastercard',
        last4: '4444',
        exp_month: 3,
        exp_year: 2031,
        funding: 'debit',
      }),
    ).toEqual({
      provider: 'stripe',
      stripePaymentMethodId: 'pm_123',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
      funding: 'debit',
    });
    expect(
      cardFromStripe('pm_1', {
        brand: 'visa',
        last4: '1',
        exp_month: 1,
        exp_year: 2030,
        funding: 'x',
      }).funding,
    ).toBe('unknown');
  });
});
