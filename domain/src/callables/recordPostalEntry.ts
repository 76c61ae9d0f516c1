import { z } from 'zod';
import { UK_PHONE_PATTERN } from '../collections/users';
import { POSTAL_GRACE_HOURS, QUESTION_OPTIONS } from '../constants';
import {
  idSchema,
  isoDateTimeSchema,
  requestIdSchema,
  ukDateTimeText,
  visibleLine,
} from '../fields';
import { formatPence } from '../money';
import type { PostalOutcome } from '../collections/postalEntries';
import { answer, defineCallable } from './contract';

export const POSTAL_MESSAGES = {
  detailsRequired: 'A postal entry must include full name, address, phone and email',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid UK phone number starting with +44 followed by 10 digits',
  receivedRequired: 'Enter the date the postcard arrived',
  receivedInFuture: 'The received date cannot be in the future',
  tooLate: `Refused: the postcard arrived more than ${POSTAL_GRACE_HOURS} hours after the close`,
  cancelled: 'Refused: this raffle was cancelled',
  notActive: 'Refused: this raffle is switched off',
  /** Entries open at the raffle's start date, by post as online. */
  beforeOpening: 'Refused: the postcard arrived before this raffle opened for entries',
  banned: "Refused: the customer's account is suspended",
  /** Nothing is recorded: the deletion would leave this card's details behind. */
  deleting:
    "Not recorded: the customer's account is being deleted, so nothing of this card was kept",
  onBreak: 'Refused: the customer is taking a break from play',
  /**
   * The account Auth gives the card's address has another address in the shop: it was put on
   * that account past the shop (Firebase Auth's own API), so it need not be the sender's.
   */
  addressElsewhere:
    'Not recorded: the account holding this address was moved to it outside RaffleWin, so it may not be the sender’s. Look at it in User Management first.',
  /** The account's date of birth on record is under 18 (entrants must be 18 or over). */
  underAge: 'Refused: the customer is under 18',
  /** Late postcards earn one credit per customer and raffle: stamps cannot buy tickets. */
  creditAlreadyGiven:
    'Refused: a late postal entry for this raffle has already been credited to this account',
  /** A late card earns a credit worth one online ticket: a free giveaway's is worth nothing. */
  lateFreeGiveaway:
    'Refused: this giveaway closed before the postcard could be entered, and its entries are free, so there is no credit to give',
  ticket: (n: number) => `Ticket #${n} entered into the draw`,
  /** The card's answer was wrong or missing: its ticket is issued but not in the draw. */
  ticketNotInDraw: (n: number) =>
    `Ticket #${n} issued, but the card's answer is wrong or missing, so it is not entered into the draw`,
  /** The site refuses wrong answers (Site Settings): as online, the card gets no ticket. */
  wrongAnswer: "Refused: the card's answer is wrong or missing",
  credit: (pence: number) =>
    `The postcard arrived after the close: a credit of ${formatPence(pence)} was added to the customer's account`,
  /** On time, but entered once the draw had run: what a late postcard earns, no less. */
  creditAfterDraw: (pence: number) =>
    `The postcard arrived in time but the raffle was drawn before it was entered: a credit of ${formatPence(pence)} was added to the customer's account`,
  /** The form's key came back with another card's details: the first card stands. */
  keyReused:
    'This postcard was already recorded with other details. Nothing more was recorded: enter ' +
    'the corrected card as a new entry.',
} as const;

/**
 * Why a postcard was refused, as the customer's e-mail says it: it completes "we could not
 * accept it: …", so each is addressed to the customer and has no full stop of its own.
 */
export const POSTAL_REFUSALS_TO_CUSTOMER = {
  tooLate: `it arrived more than ${POSTAL_GRACE_HOURS} hours after the competition closed`,
  cancelled: 'the competition was cancelled',
  notActive: 'the competition is not open for entries',
  beforeOpening: 'it arrived before the competition opened for entries',
  banned: 'your account is suspended',
  onBreak: 'you are taking a break from play',
  underAge: 'entrants must be 18 or over',
  creditAlreadyGiven: 'a late entry for this competition has already been credited to your account',
  lateFreeGiveaway:
    'the giveaway had closed before we could enter it, and as its entries are free there is no credit to give instead',
  soldOut: 'the competition had sold out',
  wrongAnswer: 'the answer to the question was not correct',
  freeOnlyOne: 'you already have an entry in this free giveaway, and it allows one per person',
  freeHeld:
    'you have started entering this free giveaway on our website, and it allows one entry per person: please finish your entry there',
  perUserMax: (max: number) =>
    `you already have the most tickets allowed per person in this competition (${max})`,
  /** A refusal with no wording of its own. */
  other: 'it could not be entered into the draw',
} as const;

/** A refusal with wording both for the administrator and for the customer. */
export type PostalRefusal = Extract<
  keyof typeof POSTAL_MESSAGES,
  keyof typeof POSTAL_REFUSALS_TO_CUSTOMER
>;

/**
 * `recordPostalEntry` (administrators): one free postal entry, from the postcard's details.
 * Before the close it becomes one ticket in the same pool as paid entries; within 72 hours
 * after the close (or on time but entered once the draw has run), a credit worth one online
 * ticket, once per customer and raffle; later, a refusal.
 */
export const recordPostalEntryInput = z
  .object({
    raffleId: idSchema,
    receivedAt: isoDateTimeSchema,
    firstName: visibleLine(z.string().trim().min(1, POSTAL_MESSAGES.detailsRequired).max(60)),
    lastName: visibleLine(z.string().trim().min(1, POSTAL_MESSAGES.detailsRequired).max(60)),
    email: z
      .string()
      .trim()
      .min(1, POSTAL_MESSAGES.detailsRequired)
      .max(320)
      .pipe(z.email(POSTAL_MESSAGES.emailInvalid))
      .transform((email) => email.toLowerCase()),
    phone: z
      .string()
      .trim()
      .transform((phone) => phone.replace(/\s+/g, ''))
      .pipe(z.string().regex(UK_PHONE_PATTERN, POSTAL_MESSAGES.phoneInvalid)),
    address: z.string().trim().min(1, POSTAL_MESSAGES.detailsRequired).max(500),
    /** The answer written on the card, when the raffle asks a question. */
    answer: z.enum(QUESTION_OPTIONS).nullable(),
    /**
     * The form's key for this card: the same card sent again (a second press, a retry after a
     * lost answer or a failure part way) is answered with its first result, never a second
     * ticket or credit.
     */
    requestId: requestIdSchema.optional(),
  })
  .strict();
export type RecordPostalEntryInput = z.input<typeof recordPostalEntryInput>;

/** The intake form: the received date typed as a local date and time. */
export const postalEntryFormSchema = recordPostalEntryInput.extend({
  receivedAt: ukDateTimeText(POSTAL_MESSAGES.receivedRequired),
});
export type PostalEntryFormValues = z.input<typeof postalEntryFormSchema>;

export interface RecordPostalEntryOutput {
  postalEntryId: string;
  outcome: PostalOutcome;
  ticketNumber: number | null;
  creditPence: number | null;
  accountCreated: boolean;
  message: string;
}

export const recordPostalEntryContract = defineCallable({
  name: 'recordPostalEntry',
  access: 'admin',
  input: recordPostalEntryInput,
  output: answer<RecordPostalEntryOutput>(),
});
