import { DOCUMENT_ID_PATTERN } from './constants';
import { fromUkDateTimeText } from './dates';
import { z } from 'zod';
import { formatCount, parsePoundsToPence } from './money';
import { HALF_CHARACTER_MESSAGE, hasHalfCharacter } from './text';

/** The largest amount the shop takes anywhere: £100,000,000.00. */
const MAX_PENCE = 100_000_000_00;
const AMOUNT_TOO_LARGE_MESSAGE = 'Amount is too large';

/** An amount of money in integer pence (money.ts formats and parses them). */
export const penceSchema = z
  .number()
  .int('Amounts are whole pence')
  .nonnegative('Amounts cannot be negative')
  .max(MAX_PENCE, AMOUNT_TOO_LARGE_MESSAGE);

/**
 * Pounds typed in a form field as pence, or null with the field's issue added: `message` when
 * it is not an amount, penceSchema's own when it is more than the shop takes (checked here, at
 * the field, so the form shows it beside what was typed rather than under a key it has no
 * field for).
 */
export function poundsFieldToPence(
  text: string,
  message: string,
  context: z.RefinementCtx,
  path?: string[],
): number | null {
  const pence = parsePoundsToPence(text);
  if (pence === null || pence > MAX_PENCE) {
    const issue = pence === null ? message : AMOUNT_TOO_LARGE_MESSAGE;
    context.addIssue({ code: 'custom', message: issue, ...(path ? { path } : {}) });
    return null;
  }
  return pence;
}

/**
 * What a line others read must not hold: controls and line breaks (the line and paragraph
 * separators too), the marks that reorder the text around them (bidirectional marks,
 * embeddings, overrides and isolates), and characters that show nothing (zero-width space, word
 * joiner, invisible operators and the deprecated format characters after them, soft hyphen,
 * byte-order mark, the Hangul fillers, the blank braille cell, the combining grapheme joiner, the
 * Khmer inherent vowels, the Mongolian variation selectors, the interlinear annotation marks, the
 * musical beam and slur formats): with them a name shown to others could pose as something
 * else, or read as none. The zero-width joiner and non-joiner stay (Persian and Indic names
 * need them), as do the variation selectors and tag characters that follow an emoji or an
 * ideograph (an England flag is made of tags); a line made of nothing but such characters is
 * refused by SHOWS_SOMETHING. firestore.rules repeats both for the names a customer edits in
 * their profile (isNameOrUnchanged).
 */
const HIDDEN_CHARACTERS =
  // Each code point stands alone here (escaped); none is meant to combine with the one before.
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufeff\uffa0\ufff9-\ufffb\u{1d173}-\u{1d17a}]/u;

/**
 * A character that shows: a letter, digit, punctuation or symbol (not a combining mark, a
 * control or format character, a space, or an unassigned code point). Named rather than
 * excluded, as firestore.rules repeats it in RE2, which counts no unassigned code point as \pC.
 */
const SHOWS_SOMETHING = /[\p{L}\p{N}\p{P}\p{S}]/u;

export const HIDDEN_CHARACTERS_MESSAGE =
  'Please remove control, invisible or text-direction characters';

/** Whether a line others read shows as written: no hidden characters, and something that shows. */
export const showsAsWritten = (text: string): boolean =>
  !HIDDEN_CHARACTERS.test(text) && SHOWS_SOMETHING.test(text) && !hasHalfCharacter(text);

/**
 * One line of text shown to others (a name, a subject): whole characters (worded as the
 * callables word them), no hidden characters, and something that shows (an empty line is left
 * to the schema's own minimum).
 */
export function visibleLine<T extends z.ZodType<string | null>>(schema: T) {
  return schema.superRefine((text: string | null, context) => {
    if (text === null || text === '' || showsAsWritten(text)) return;
    const message = hasHalfCharacter(text) ? HALF_CHARACTER_MESSAGE : HIDDEN_CHARACTERS_MESSAGE;
    context.addIssue({ code: 'custom', message });
  });
}

/** How a request's field is named to its sender: `name`, `items[0].quantity`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** What each type a schema expects is called in a message. */
const KIND_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'null',
};

/**
 * A request's first problem in words. The domain schemas word their own messages for people;
 * what zod words itself (a field missing or of the wrong type, an unknown option or field, a
 * limit or format the schema left unworded, which only a client other than this shop's forms
 * sends) is said here without zod's terms.
 */
export function requestIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = fieldName(issue.path);
  const subject = field === '' ? 'The request' : field;
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    if (issue.message.endsWith('received undefined')) return `${subject} is required`;
    return `${subject} must be ${KIND_NAMES[issue.expected] ?? issue.expected}`;
  }
  if (issue.code === 'invalid_value' && issue.message.startsWith('Invalid option')) {
    return `${subject} must be one of: ${issue.values.map(String).join(', ')}`;
  }
  if (issue.code === 'invalid_union' && issue.message === 'Invalid input') {
    return `${subject} is not valid`;
  }
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => (field === '' ? key : `${field}.${key}`));
    return `This request does not take ${keys.length === 1 ? 'the field' : 'the fields'} ${keys.join(', ')}`;
  }
  return isZodWording(issue) ? boundMessage(issue, subject) : issue.message;
}

const ZOD_WORDING = z.locales.en();

/** Whether `issue` carries zod's own message rather than one a schema worded. */
function isZodWording(issue: z.core.$ZodIssue): boolean {
  const made = ZOD_WORDING.localeError(issue as z.core.$ZodRawIssue);
  return issue.message === (typeof made === 'string' ? made : made?.message);
}

/** A number in a message: "1,000". */
const shownBound = (bound: unknown) =>
  typeof bound === 'number' ? formatCount(bound) : String(bound);

/** What `boundMessage` reads of an issue, raw (in an error map) or final. */
interface BoundIssue {
  readonly code?: string;
  readonly origin?: string;
  readonly maximum?: unknown;
  readonly minimum?: unknown;
  readonly inclusive?: boolean;
  readonly divisor?: unknown;
}

/** The issues whose zod wording `boundMessage` words for people. */
const BOUND_CODES = new Set(['too_big', 'too_small', 'not_multiple_of', 'invalid_format']);

/**
 * The shop's forms parse with this: a limit or format their schema does not word itself is
 * said under its field ("This field must be at most 120 characters"), not in zod's words.
 */
export const FORM_PARSE_OPTIONS = {
  error: (issue: z.core.$ZodRawIssue) =>
    BOUND_CODES.has(issue.code ?? '') ? boundMessage(issue, 'This field') : undefined,
};

/** A limit or format zod would word itself ("Too big: expected number to be <=1000"), in words. */
function boundMessage(issue: BoundIssue, subject: string): string {
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const big = issue.code === 'too_big';
    const bound = shownBound(big ? issue.maximum : issue.minimum);
    const most = big ? 'at most' : 'at least';
    if (issue.origin === 'string') {
      if (!big && issue.minimum === 1) return `${subject} is required`;
      return `${subject} must be ${most} ${bound} characters`;
    }
    if (issue.origin === 'array' || issue.origin === 'set') {
      return `${subject} must have ${most} ${bound} ${bound === '1' ? 'item' : 'items'}`;
    }
    // zod's .int() refuses what a double cannot count exactly as past the safe integers.
    const unsafe = big
      ? issue.maximum === Number.MAX_SAFE_INTEGER
      : issue.minimum === Number.MIN_SAFE_INTEGER;
    if (unsafe) return `${subject} must be a whole number`;
    if (issue.origin === 'number' || issue.origin === 'int') {
      if (issue.inclusive === false) {
        return `${subject} must be ${big ? 'less' : 'greater'} than ${bound}`;
      }
      return `${subject} must be ${most} ${bound}`;
    }
    return `${subject} is too ${big ? 'large' : 'small'}`;
  }
  if (issue.code === 'not_multiple_of') {
    return `${subject} must be a multiple of ${shownBound(issue.divisor)}`;
  }
  return `${subject} is not valid`;
}

/** What a callable answers for an id that names nothing it could. */
export const UNKNOWN_ID_MESSAGE = 'Unknown id';

/** A document id as callables accept it: letters, digits, `_` and `-` only. */
export const idSchema = z.string().regex(DOCUMENT_ID_PATTERN, UNKNOWN_ID_MESSAGE);

/**
 * A form's key for one request (a new one per submission with new content): the same request
 * repeated (a second press, a retry after a lost answer) is answered with the first one's result.
 */
export const requestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, UNKNOWN_ID_MESSAGE);

const IMAGE_URL_MESSAGE = 'Image URL must be a valid URL';

/**
 * An image address: an absolute http(s) URL, or a path on this site ("/images/…", which is
 * how the demo images and uploads served by Hosting are referenced).
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048, IMAGE_URL_MESSAGE)
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
    IMAGE_URL_MESSAGE,
  );

/**
 * An admin edit form's version of the document it opened: its `updatedAt` in ms, null when it
 * had none. Sent with an edit, a save over a change made since (another administrator, another
 * tab) is refused rather than undoing it; a new document, or a caller that does not say, sends
 * none.
 */
export const seenUpdatedAtSchema = z.number().int().nonnegative().nullable().optional();

/** Optional text: blank becomes null. */
export function optionalText(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value ? value : null));
}

/** An optional image URL: blank becomes null. */
export const optionalImageUrlSchema = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value ? value : null))
  .pipe(imageUrlSchema.nullable());

/**
 * An instant sent to a callable: an ISO 8601 date-time with its offset ("…Z"), its year as
 * written from 1000 and in UTC to 9999. Firestore stores years 1 to 9999 only, and refuses a
 * write holding another as a whole: "0000-01-01T00:00:00Z" has the form but cannot be stored.
 */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, message: 'Enter a valid date' })
  .refine((text) => text[0] !== '0' && new Date(text).getUTCFullYear() < 1e4, 'Enter a valid date');

/**
 * A pounds amount typed in a form ("12.50"), as integer pence; blank is null. Forms derive
 * from callable schemas with `.extend({ amount: poundsText(…) })`, so both send pence.
 */
export function poundsText(message: string) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === '') return null;
      return poundsFieldToPence(text, message, context) ?? z.NEVER;
    });
}

/**
 * A date and time typed in an `<input type="datetime-local">` ("2025-01-01T18:30"), read as
 * UK time whatever the zone of the administrator's computer, as the ISO instant callables
 * take. Used by browser forms only.
 */
export function ukDateTimeText(requiredMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .transform((text, context) => {
      const date = fromUkDateTimeText(text);
      if (!date) {
        context.addIssue({ code: 'custom', message: requiredMessage });
        return z.NEVER;
      }
      return date.toISOString();
    });
}
