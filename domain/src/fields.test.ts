import { z } from 'zod';
import {
  FORM_PARSE_OPTIONS,
  HIDDEN_CHARACTERS_MESSAGE,
  idSchema,
  isoDateTimeSchema,
  poundsText,
  requestIssueMessage,
  visibleLine,
} from './fields';
import { HALF_CHARACTER_MESSAGE } from './text';
import { spendLimitFormSchema } from './callables/setSpendLimit';

describe('idSchema', () => {
  it('takes the ids the shop makes: letters, digits, _ and -, at most 128', () => {
    for (const id of ['aB3-x_9', 'a'.repeat(128), '__lead', 'trail__', 'a__b__c', '_']) {
      expect(idSchema.safeParse(id).success).toBe(true);
    }
  });

  it('refuses paths, blanks, over-long ids and the __x__ ids Firestore reserves', () => {
    for (const id of ['', 'a/b', '../x', '.', 'a'.repeat(129), '__x__', '__proto__', '____']) {
      expect(idSchema.safeParse(id)).toMatchObject({ success: false });
    }
  });
});

describe('isoDateTimeSchema', () => {
  it('takes an instant with its offset in the years 1000 to 9999', () => {
    for (const text of ['2026-12-06T20:30:00Z', '1000-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      expect(isoDateTimeSchema.safeParse(text)).toEqual({ success: true, data: text });
    }
  });

  it('refuses, in words, the instants of that form outside them (Firestore cannot store year 0)', () => {
    const outside = [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00', // year 0 in UTC
      '9999-12-31T23:00:00-02:00', // year 10000 in UTC
      '0999-12-31T23:59:59Z',
      '2026-12-06',
    ];
    for (const text of outside) {
      expect(isoDateTimeSchema.safeParse(text).error?.issues[0]?.message).toBe(
        'Enter a valid date',
      );
    }
  });
});

describe('visibleLine', () => {
  const name = visibleLine(z.string());

  it('refuses what hides or reorders text: controls, separators, marks, blanks that show nothing', () => {
    for (const text of [
      'Bob\nWINNER',
      'Bob\u2028WINNER',
      'Bob\u202Eeciffo',
      '\u061CAdmin',
      '\u200B',
      '\u200F',
      '\u2060',
      '\uFEFFAnn',
      '\u3164',
      '\u2800',
      '\u00AD',
      'Ann\u034F',
      '\u206A\u206F',
      'Bob\uFFF9',
      '\u17B4',
      '\u180B',
      '\u{1D173}',
      // Nothing that shows: only a variation selector, tag characters or a combining mark.
      '\uFE0F',
      '\u{E0041}\u{E0042}',
      '\u0301',
    ]) {
      expect(name.safeParse(text).error?.issues[0]?.message).toBe(HIDDEN_CHARACTERS_MESSAGE);
    }
  });

  it('words half a character as the callables do', () => {
    for (const text of ['Bob \uD83D', '\uDE00Ann', '\uD842']) {
      expect(name.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
        HALF_CHARACTER_MESSAGE,
      ]);
    }
  });

  it('takes emoji made with variation selectors and tags (the England flag)', () => {
    for (const text of [
      'Ann ❤️',
      'Go England 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    ]) {
      expect(name.safeParse(text).success).toBe(true);
    }
  });

  it('takes names in any script, with the joiners Persian and Indic names need', () => {
    for (const text of [
      'Ann-Marie O’Neill',
      'ليلى',
      'مهر\u200Cناز',
      'क्‍ष',
      'Zoë 山田',
      '葛\u{E0100}',
    ]) {
      expect(name.safeParse(text).success).toBe(true);
    }
  });
});

describe('requestIssueMessage', () => {
  const contract = z
    .object({
      name: z.string().min(1, 'Please enter a name'),
      quantity: z.number().int(),
      items: z.array(z.object({ raffleId: z.string() }).strict()),
      kind: z.enum(['card', 'credit']),
      keep: z.boolean(),
    })
    .strict();
  const valid = { name: 'Ann', quantity: 1, items: [{ raffleId: 'r1' }], kind: 'card', keep: true };
  const message = (input: unknown) => {
    const parsed = contract.safeParse(input);
    return parsed.success ? null : requestIssueMessage(parsed.error);
  };

  it('keeps the message a schema words itself', () => {
    expect(message({ ...valid, name: '' })).toBe('Please enter a name');
  });

  it('says which field is missing or of the wrong type, in words', () => {
    const { name: _name, ...noName } = valid;
    expect(message(noName)).toBe('name is required');
    expect(message({ ...valid, name: 5 })).toBe('name must be text');
    expect(message({ ...valid, quantity: '1' })).toBe('quantity must be a number');
    expect(message({ ...valid, quantity: 1.5 })).toBe('quantity must be a whole number');
    expect(message({ ...valid, keep: 'yes' })).toBe('keep must be true or false');
    expect(message({ ...valid, items: {} })).toBe('items must be a list');
    expect(message({ ...valid, items: [{ raffleId: 7 }] })).toBe('items[0].raffleId must be text');
    expect(message(null)).toBe('The request must be an object');
    const either = z.object({ at: z.union([z.string(), z.number()]) });
    const parsed = either.safeParse({ at: true });
    expect(parsed.success ? null : requestIssueMessage(parsed.error)).toBe('at is not valid');
  });

  it("words the limits and formats zod would word itself, and keeps a schema's own", () => {
    const limits = z.object({
      count: z.number().int().max(1000),
      share: z.number().positive(),
      step: z.number().multipleOf(5),
      code: z.string().regex(/^[A-Z]{3}$/),
      note: z.string().min(1).max(20),
      lines: z.array(z.number()).min(1).max(2),
      phone: z.string().regex(/^\+44/, 'Invalid UK phone number'),
    });
    const fine = { count: 1, share: 1, step: 5, code: 'ABC', note: 'n', lines: [1], phone: '+44' };
    const said = (change: object) => {
      const parsed = limits.safeParse({ ...fine, ...change });
      return parsed.success ? null : requestIssueMessage(parsed.error);
    };
    expect(said({ count: 1e308 })).toBe('count must be a whole number');
    expect(said({ count: 1001 })).toBe('count must be at most 1,000');
    expect(said({ share: 0 })).toBe('share must be greater than 0');
    expect(said({ step: 7 })).toBe('step must be a multiple of 5');
    expect(said({ code: 'abc' })).toBe('code is not valid');
    expect(said({ note: '' })).toBe('note is required');
    expect(said({ note: 'n'.repeat(21) })).toBe('note must be at most 20 characters');
    expect(said({ lines: [] })).toBe('lines must have at least 1 item');
    expect(said({ lines: [1, 2, 3] })).toBe('lines must have at most 2 items');
    expect(said({ phone: '07' })).toBe('Invalid UK phone number');
  });

  it("gives the shop's forms the same words for a field, keeping a schema's own", () => {
    const note = z.string().max(3);
    const worded = z.string().max(3, 'Keep it short');
    const first = (schema: z.ZodString) =>
      schema.safeParse('four', FORM_PARSE_OPTIONS).error?.issues[0]?.message;
    expect(first(note)).toBe('This field must be at most 3 characters');
    expect(first(worded)).toBe('Keep it short');
  });

  it('names the options and the fields a request may not carry', () => {
    expect(message({ ...valid, kind: 'cash' })).toBe('kind must be one of: card, credit');
    expect(message({ ...valid, admin: true })).toBe('This request does not take the field admin');
    expect(message({ ...valid, items: [{ raffleId: 'r1', price: 1, free: true }] })).toBe(
      'This request does not take the fields items[0].price, items[0].free',
    );
  });
});

describe('an amount typed in pounds', () => {
  const issuesAt = (result: z.ZodSafeParseResult<unknown>) =>
    result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));

  it('is pence up to £100,000,000.00, and too large beyond it, at the field typed in', () => {
    const price = poundsText('Enter a price');
    expect(price.parse('100000000')).toBe(100_000_000_00);
    expect(price.parse('£1,250.5')).toBe(125_050);
    expect(issuesAt(price.safeParse('100000000.01'))).toEqual([
      { path: [], message: 'Amount is too large' },
    ]);
    expect(issuesAt(price.safeParse('12.345'))).toEqual([{ path: [], message: 'Enter a price' }]);
  });

  it('shows a monthly limit beyond what the shop takes beside the amount, not under no field', () => {
    expect(spendLimitFormSchema.parse({ noLimit: false, amount: '0' })).toEqual({
      monthlyLimit: 0,
    });
    expect(
      issuesAt(spendLimitFormSchema.safeParse({ noLimit: false, amount: '999999999' })),
    ).toEqual([{ path: ['amount'], message: 'Amount is too large' }]);
    expect(issuesAt(spendLimitFormSchema.safeParse({ noLimit: false, amount: 'lots' }))).toEqual([
      {
        path: ['amount'],
        message: 'Enter an amount in pounds, such as 50 or 50.00 (0 is allowed)',
      },
    ]);
  });
});
