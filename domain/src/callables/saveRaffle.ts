import { z } from 'zod';
import { POSTAL_ADDRESS_PLACEHOLDER } from '../business';
import { fromUkDateTimeText, ukToday } from '../dates';
import { FREE_RAFFLE_MAX_TICKETS_PER_USER, DEFAULT_MAX_TICKETS_PER_USER } from '../constants';
import {
  idSchema,
  imageUrlSchema,
  isoDateTimeSchema,
  ukDateTimeText,
  poundsText,
  penceSchema,
  seenUpdatedAtSchema,
} from '../fields';
import { RAFFLE_CATEGORIES, type RaffleCategory } from '../collections/raffleCategories';
import { RAFFLE_LIMITS, bundleSchema } from '../collections/raffles';
import { MAX_BUNDLES, mostPayable, type Bundle } from '../bundles';
import { BUNDLE_MESSAGES, bundleProblem } from '../bundleRules';
import { MIN_CARD_PAYMENT, formatCount, formatPence } from '../money';
import { changedSinceOpened } from '../editConflicts';
import { answer, defineCallable, type SavedContentOutput } from './contract';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The raffle form's and console's messages. */
export const RAFFLE_MESSAGES = {
  nameRequired: 'Name is required',
  imageRequired: 'Image URL is required',
  categoryRequired: 'Choose a category',
  /** "{category} raffles must have a positive ticket price", e.g. "Cash raffles…". */
  positivePrice: (category: RaffleCategory) =>
    `${capitalised(category)} raffles must have a positive ticket price`,
  freePriceZero: 'Free raffles must have a ticket price of 0',
  freePerUser: 'Free raffles allow 1 ticket per user',
  priceInvalid: 'Enter a ticket price such as 1.99',
  endAfterStart: 'End date/time must be after start date/time',
  dateInvalid: 'Enter a valid date and time',
  startBeforeToday: 'Start date cannot be before today',
  maxTicketsPositive: 'Maximum tickets must be greater than 0',
  perUserPositive: 'Maximum tickets per user must be greater than 0',
  perUserExceedsMax: 'Maximum tickets per user cannot exceed total maximum tickets',
  maxTicketsTooMany: `Maximum tickets can be at most ${formatCount(RAFFLE_LIMITS.maxTickets)}`,
  perUserTooMany: `Maximum tickets per user can be at most ${formatCount(RAFFLE_LIMITS.maxTicketsPerUser)}`,
  /** The most one customer may buy costs under the smallest card payment: nobody could pay. */
  belowCardMinimum: (most: string) =>
    `A customer could spend at most ${most} on this raffle, and card payments start at ` +
    `${formatPence(MIN_CARD_PAYMENT)}: raise the ticket price or the maximum tickets per user`,
  wholeNumber: 'Enter a whole number',
  onlineTextRequired: 'Online entry text is required',
  postalTextRequired: 'Postal entry text is required: every raffle offers free postal entry',
  created: 'Raffle created successfully',
  updated: 'Raffle updated successfully',
  deleted: 'Raffle deleted successfully',
  activated: 'Raffle activated',
  deactivated: 'Raffle deactivated',
  statusFailed: 'Failed to update raffle status',
  saveFailed: 'Failed to save raffle',
  createFailed: 'Failed to create raffle',
  deleteFailed: 'Failed to delete raffle',
  loadFailed: 'Failed to load raffles',
  fetchFailed: 'Failed to fetch raffles',
  notFound: 'This raffle no longer exists',
  hasTickets: 'This raffle has tickets: cancel it instead',
  endDateFixed: 'Tickets have been sold for this raffle, so its closing date cannot be moved later',
  /**
   * Paid entries answered the skill question and paid; free ones did neither: once either
   * kind is taken, the raffle stays what its entrants entered.
   */
  freeFixed: 'Tickets have been sold for this raffle, so it cannot switch between free and paid',
  maxBelowTaken: (taken: number) =>
    `Maximum tickets cannot be less than the ${taken} tickets already sold or reserved`,
  prizeNumberCut: (n: number) =>
    `Ticket ${n} carries an instant prize and would no longer be on sale: keep the maximum higher`,
  cancelledNoActivate: 'This raffle has been cancelled and cannot be activated again',
  /** A paid prize draw needs a skill question: without one it would be an unlicensed lottery. */
  questionRequired:
    'A paid raffle needs an active skill question before it can go live. Add one under ' +
    'Questions, then switch the raffle on.',
  /** Every raffle names the postal entry address as its free entry route. */
  postalAddressRequired:
    'A raffle cannot go live until the postal entry address is set: add it under Site ' +
    'Settings, General, then switch the raffle on.',
  /** A new raffle is saved switched off while the postal entry address is unset. */
  createdOffNoPostalAddress:
    'Raffle created. It stays off until the postal entry address is set under Site Settings, ' +
    'General: then switch it on.',
  /** A new paid raffle is saved switched off, as it has no question yet. */
  createdOff:
    'Raffle created. It stays off until it has an active skill question: add one under ' +
    'Questions, then switch it on.',
  cancelledNoEdit: 'This raffle has been cancelled and can no longer be edited',
  /** Its name, description, image and entry texts may still be corrected. */
  drawnNoEdit:
    'This raffle has been drawn: its price, tickets, dates, category and options can no longer change',
  /** Number picking on a raffle with instant prizes (offersNumberPicking says why). */
  pickingWithInstantPrizes:
    'A raffle with instant prizes cannot offer number picking: its numbers are issued at ' +
    'random, so nobody who knows where the prizes are can pick them',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This raffle'),
  cancelFailed: 'Failed to cancel raffle',
  drawnNoCancel: 'This raffle has been drawn and can no longer be cancelled',
  cancelled: (orders: number) =>
    `Raffle cancelled: ${orders} ${orders === 1 ? 'order' : 'orders'} refunded`,
} as const;

/** Online entry text of a new raffle. */
export const DEFAULT_ONLINE_ENTRY_TEXT = 'Enter online by purchasing tickets through our website.';

/**
 * Postal entry text of a new raffle: the free
 * route, stated as plainly as the paid one.
 */
export const DEFAULT_POSTAL_ENTRY_TEXT =
  'Free postal entry: send an unenclosed postcard with your full name, address, phone ' +
  `number, e-mail address and the name of this competition to ${POSTAL_ADDRESS_PLACEHOLDER}. ` +
  'One ticket per postal entry; bulk entries count as one. Entries must ' +
  'arrive before the closing date; postcards arriving within 72 hours after closing receive ' +
  'a credit equal to the online cost of one ticket, once per person per competition. A ' +
  'registered account with an address is required.';

/** A new raffle's values: price 0, 100 tickets, 10 per user, cash. */
export const NEW_RAFFLE_DEFAULTS = {
  category: 'cash',
  ticketPrice: 0,
  maxTickets: 100,
  maxTicketsPerUser: DEFAULT_MAX_TICKETS_PER_USER,
  durationDays: 30,
  endHour: 23,
  endMinute: 59,
} as const;

/**
 * A new raffle's start (now, to the minute) and end (30 days after today in the UK, at 23:59
 * UK time), whatever the zone of the device showing the form: its date fields are UK time.
 */
export function defaultRaffleDates(now: Date): { startDate: Date; endDate: Date } {
  const startDate = new Date(now);
  startDate.setSeconds(0, 0);
  const [year, month, day] = ukToday(now).split('-').map(Number) as [number, number, number];
  const endDay = new Date(Date.UTC(year, month - 1, day + NEW_RAFFLE_DEFAULTS.durationDays));
  const { endHour, endMinute } = NEW_RAFFLE_DEFAULTS;
  const endTime = `${String(endHour).padStart(2, '0')}:${String(endMinute).padStart(2, '0')}`;
  const endDate = fromUkDateTimeText(`${endDay.toISOString().slice(0, 10)}T${endTime}`);
  if (!endDate) throw new Error('The default end date is not a date');
  return { startDate, endDate };
}

interface RaffleRuleFields {
  category: RaffleCategory;
  ticketPrice: number;
  maxTickets: number;
  maxTicketsPerUser: number;
  startDate: string;
  endDate: string;
  bundles: Bundle[];
}

/** The cross-field rules, shared by the form and the callable. */
function checkRaffleRules(value: RaffleRuleFields, context: z.RefinementCtx): void {
  const issue = (path: keyof RaffleRuleFields, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (value.category === 'free') {
    if (value.ticketPrice !== 0) issue('ticketPrice', RAFFLE_MESSAGES.freePriceZero);
    if (value.maxTicketsPerUser !== FREE_RAFFLE_MAX_TICKETS_PER_USER) {
      issue('maxTicketsPerUser', RAFFLE_MESSAGES.freePerUser);
    }
  } else if (value.ticketPrice <= 0) {
    issue('ticketPrice', RAFFLE_MESSAGES.positivePrice(value.category));
  }
  if (new Date(value.endDate).getTime() <= new Date(value.startDate).getTime()) {
    issue('endDate', RAFFLE_MESSAGES.endAfterStart);
  }
  if (value.maxTickets > 0 && value.maxTicketsPerUser > value.maxTickets) {
    issue('maxTicketsPerUser', RAFFLE_MESSAGES.perUserExceedsMax);
  }
  const bundle = bundleProblem(value.bundles, value);
  if (bundle) {
    context.addIssue({
      code: 'custom',
      path: ['bundles', bundle.index, bundle.field],
      message: bundle.message,
    });
  } else if (
    value.category !== 'free' &&
    value.ticketPrice > 0 &&
    // Only a maximum its own field accepts: the price table is one entry per ticket.
    raffleFields.shape.maxTicketsPerUser.safeParse(value.maxTicketsPerUser).success
  ) {
    const most = mostPayable(value.ticketPrice, value.bundles, value.maxTicketsPerUser);
    if (most < MIN_CARD_PAYMENT) {
      issue('ticketPrice', RAFFLE_MESSAGES.belowCardMinimum(formatPence(most)));
    }
  }
}

const entryText = (message: string) =>
  z.string().trim().min(1, message).max(RAFFLE_LIMITS.entryTextMax);

const raffleFields = z
  .object({
    raffleId: idSchema.nullable(),
    name: z.string().trim().min(1, RAFFLE_MESSAGES.nameRequired).max(RAFFLE_LIMITS.nameMax),
    description: z.string().trim().max(RAFFLE_LIMITS.descriptionMax),
    imageUrl: z.string().trim().min(1, RAFFLE_MESSAGES.imageRequired).pipe(imageUrlSchema),
    category: z.enum(RAFFLE_CATEGORIES, { error: RAFFLE_MESSAGES.categoryRequired }),
    ticketPrice: penceSchema,
    maxTickets: z
      .number()
      .int(RAFFLE_MESSAGES.wholeNumber)
      .positive(RAFFLE_MESSAGES.maxTicketsPositive)
      .max(RAFFLE_LIMITS.maxTickets, RAFFLE_MESSAGES.maxTicketsTooMany),
    maxTicketsPerUser: z
      .number()
      .int(RAFFLE_MESSAGES.wholeNumber)
      .positive(RAFFLE_MESSAGES.perUserPositive)
      .max(RAFFLE_LIMITS.maxTicketsPerUser, RAFFLE_MESSAGES.perUserTooMany),
    startDate: isoDateTimeSchema,
    endDate: isoDateTimeSchema,
    onlineEntryText: entryText(RAFFLE_MESSAGES.onlineTextRequired),
    postalEntryText: entryText(RAFFLE_MESSAGES.postalTextRequired),
    /** Close (and draw) as soon as every ticket is sold. */
    closeOnSellOut: z.boolean().default(false),
    /** Tickets sold together for less: "5 for £8". */
    bundles: z.array(bundleSchema).max(MAX_BUNDLES, BUNDLE_MESSAGES.tooMany).default([]),
    /** Shoppers pick their numbers on a board or take a lucky dip. */
    numberPicking: z.boolean().default(false),
    /**
     * Edits: the raffle's `updatedAt` (ms, null when it has none) as the form was filled. A save
     * over a change made since is refused rather than undoing it.
     */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict();

/**
 * `saveRaffle` (administrators): creates a raffle (`raffleId` null; with its ticket pool, and
 * switched on when it may go live: see `SaveRaffleOutput`) or edits one. Prices are pence.
 * Once tickets are sold or reserved the closing date cannot move later and the maximum cannot
 * drop below the tickets taken (checked on the server against the pool).
 */
export const saveRaffleInput = raffleFields.superRefine(checkRaffleRules);
export type SaveRaffleInput = z.input<typeof saveRaffleInput>;

/** A whole number typed in a form field, as a number; blank or 0 gives `message`. */
function countText(message: string) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      if (!/^\d+$/.test(text)) {
        context.addIssue({
          code: 'custom',
          message: text === '' || /^-/.test(text) ? message : RAFFLE_MESSAGES.wholeNumber,
        });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** Midnight, UK time, of the UK day `now` falls in: the form's times are UK times. */
function startOfUkDay(now: Date): Date {
  return fromUkDateTimeText(`${ukToday(now)}T00:00`) ?? now;
}

/**
 * The browser's raffle form: pounds text, whole-number text and local date-times, sent as
 * the callable's input. The start may not be before today (in the UK), unless it is the start
 * an existing raffle already has (`keptStart`, its ISO instant, to the minute the form shows).
 */
export function raffleFormSchema(now: Date, keptStart: string | null = null) {
  const today = startOfUkDay(now);
  return raffleFields
    .extend({
      ticketPrice: poundsText(RAFFLE_MESSAGES.priceInvalid).pipe(
        z.number({ error: RAFFLE_MESSAGES.priceInvalid }),
      ),
      maxTickets: countText(RAFFLE_MESSAGES.maxTicketsPositive).pipe(raffleFields.shape.maxTickets),
      maxTicketsPerUser: countText(RAFFLE_MESSAGES.perUserPositive).pipe(
        raffleFields.shape.maxTicketsPerUser,
      ),
      startDate: ukDateTimeText(RAFFLE_MESSAGES.dateInvalid),
      endDate: ukDateTimeText(RAFFLE_MESSAGES.dateInvalid),
      bundles: z
        .array(
          z.object({
            tickets: countText(BUNDLE_MESSAGES.ticketsMin).pipe(bundleSchema.shape.tickets),
            price: poundsText(BUNDLE_MESSAGES.priceInvalid).pipe(
              z.number({ error: BUNDLE_MESSAGES.priceInvalid }),
            ),
          }),
        )
        .max(MAX_BUNDLES, BUNDLE_MESSAGES.tooMany),
    })
    .superRefine((value, context) => {
      checkRaffleRules(value, context);
      const start = new Date(value.startDate);
      if (value.startDate !== keptStart && start.getTime() < today.getTime()) {
        context.addIssue({
          code: 'custom',
          path: ['startDate'],
          message: RAFFLE_MESSAGES.startBeforeToday,
        });
      }
    });
}
export type RaffleFormValues = z.input<ReturnType<typeof raffleFormSchema>>;
export type RaffleFormOutput = z.output<ReturnType<typeof raffleFormSchema>>;

/**
 * Why the server saved a new raffle switched off: the postal entry address is not set
 * (checked first), or the raffle is paid and has no skill question yet.
 */
export type RaffleOffReason = 'no-postal-address' | 'no-question';

/** `saveRaffle`'s answer: the saved raffle's id, and whether it is switched on as stored. */
export interface SaveRaffleOutput extends SavedContentOutput {
  /** Whether the raffle is switched on as stored: a new one goes live only when it may. */
  active: boolean;
  /** Why this save left a new raffle switched off; null when it went live, and for an edit. */
  offReason: RaffleOffReason | null;
}

/** The console's message for a saved raffle, from the server's answer. */
export function raffleSavedMessage({ created, offReason }: SaveRaffleOutput): string {
  if (!created) return RAFFLE_MESSAGES.updated;
  if (offReason === 'no-postal-address') return RAFFLE_MESSAGES.createdOffNoPostalAddress;
  if (offReason === 'no-question') return RAFFLE_MESSAGES.createdOff;
  return RAFFLE_MESSAGES.created;
}

export const saveRaffleContract = defineCallable({
  name: 'saveRaffle',
  access: 'admin',
  input: saveRaffleInput,
  output: answer<SaveRaffleOutput>(),
});
