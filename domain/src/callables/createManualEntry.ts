import { z } from 'zod';
import { DOCUMENT_ID_PATTERN } from '../constants';
import { UNKNOWN_ID_MESSAGE, requestIdSchema } from '../fields';
import { ACCESS_MESSAGES } from '../accessMessages';
import { answer, defineCallable } from './contract';
import type { FulfilmentOutput } from './startCheckout';

/** At most this many tickets per manual entry. */
export const MAX_MANUAL_ENTRY_QUANTITY = 100;

/** A document id picked in a form: empty says `required`, anything else must be an id. */
export function pickedId(required: string) {
  return z
    .string()
    .trim()
    .min(1, required)
    .pipe(z.string().regex(DOCUMENT_ID_PATTERN, UNKNOWN_ID_MESSAGE));
}

/** Messages of manual entry and the admin ticket add. */
export const MANUAL_ENTRY_MESSAGES = {
  accessDenied: ACCESS_MESSAGES.adminOnly,
  selectUser: 'Please select a user',
  selectRaffle: 'Please select a raffle',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `You can add at most ${MAX_MANUAL_ENTRY_QUANTITY} tickets at a time`,
  raffleNotFound: 'Selected raffle not found',
  onlyAvailable: (n: number) => `Only ${n} tickets available for this raffle`,
  noneLeft: 'No more tickets available for this raffle',
  userNotFound: 'Selected user not found',
  userBanned: "This user's account is suspended",
  /** The account's deletion is under way: nothing may start for it. */
  userDeleting: 'This customer’s account is being deleted: they cannot be given tickets',
  /** Our wording: a date of birth on record under 18 (entrants must be 18 or over). */
  userUnderAge: 'This customer is under 18: they cannot be given tickets',
  userOnBreak:
    'This customer is taking a break from play: they cannot be given tickets until it ends',
  /** Admin entries count against the same per-user limit as online entries. */
  perUserMax: (max: number) => `This user can only have up to ${max} tickets for this raffle`,
  freeOnlyOne: 'This user already has a ticket for this free raffle',
  /** Its one entry is held by the customer's own checkout, not yet claimed (it may lapse). */
  freeHeld:
    'This user has started claiming this free raffle’s one entry online and not finished: try again once that checkout has lapsed',
  added: (n: number, email: string) => `Added ${n} ${n === 1 ? 'ticket' : 'tickets'} for ${email}`,
  failed: 'Failed to create tickets',
  /** The form's key came back with another entry's details: the first entry stands. */
  keyReused:
    'These tickets were already entered with other details. Nothing more was entered: enter ' +
    'the corrected details as a new entry.',
} as const;

/** How many tickets: a whole number from 1 to 100, refused with one message. */
export const manualQuantitySchema = z
  .number({ error: MANUAL_ENTRY_MESSAGES.quantityMin })
  .int(MANUAL_ENTRY_MESSAGES.quantityMin)
  .min(1, MANUAL_ENTRY_MESSAGES.quantityMin)
  .max(MAX_MANUAL_ENTRY_QUANTITY, MANUAL_ENTRY_MESSAGES.quantityMax);

/**
 * `createManualEntry` (administrators): enters `quantity` tickets of a raffle for a customer,
 * e.g. a free postal entry. It runs the checkout's own reservation and fulfilment, so numbers,
 * entries, counts, the order (payment method `manual_entry`, completed, paid, £0: no money is
 * taken) and the confirmation e-mail are exactly what an online entry gets.
 */
export const createManualEntryInput = z
  .object({
    userId: pickedId(MANUAL_ENTRY_MESSAGES.selectUser),
    raffleId: pickedId(MANUAL_ENTRY_MESSAGES.selectRaffle),
    quantity: manualQuantitySchema,
    /**
     * The form's key for this entry: sent again (a second press, a retry after a lost answer),
     * it answers with the first entry's tickets rather than enter more.
     */
    requestId: requestIdSchema.optional(),
  })
  .strict();
export type CreateManualEntryInput = z.input<typeof createManualEntryInput>;

/** Order numbers of admin entries: "MAN-", the time in milliseconds and a random part. */
export function manualOrderNumber(now: Date, random = Math.random()): string {
  const suffix = Math.floor(random * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return `MAN-${now.getTime()}-${suffix}`;
}

export const createManualEntryContract = defineCallable({
  name: 'createManualEntry',
  access: 'admin',
  input: createManualEntryInput,
  output: answer<FulfilmentOutput>(),
});
