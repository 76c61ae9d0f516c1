import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  ukDateTimeText,
  optionalImageUrlSchema,
  optionalText,
  poundsText,
  penceSchema,
  seenUpdatedAtSchema,
} from '../fields';
import { changedSinceOpened } from '../editConflicts';
import { toUkDateTimeText } from '../dates';
import { answer, defineCallable, type SavedContentOutput } from './contract';

/** The winner form's messages. */
export const WINNER_MESSAGES = {
  winnerNameRequired: 'Winner name is required',
  prizeNameRequired: 'Prize name is required',
  prizeValueInvalid: 'Prize value must be an amount of 0 or more, such as 250.00',
  dateInvalid: 'Enter the draw date and time, or leave it blank for now',
  added: 'Winner added successfully',
  updated: 'Winner updated successfully',
  deleted: 'Winner deleted successfully',
  saveFailed: 'Failed to save winner',
  deleteFailed: 'Failed to delete winner',
  notFound: 'This winner no longer exists',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This winner'),
  /** The draw's own winner: the published record names the raffle and the winning number. */
  drawnFixed: 'This winner was chosen by the draw: its raffle and ticket number cannot be changed',
  /** Another card for a drawn raffle would name a second winner beside the draw's. */
  drawnHasWinner:
    'This raffle has been drawn and its winner is already shown: edit that winner’s card instead',
  /** A raffle still to be drawn: its draw adds the winner's card, which another would double. */
  notDrawnYet: 'This raffle has not been drawn yet: its draw adds the winner to this page',
  /** The draw's own winner stays listed; a winner asking for less publicity changes the name. */
  drawnKept:
    'This winner was chosen by the draw, so they stay on this page: edit the name shown instead',
} as const;

/**
 * `saveWinner` (administrators): adds a winner (`winnerId` null) or updates one. Winner name
 * and prize name are required; everything else is optional; the prize value is pence.
 */
export const saveWinnerInput = z
  .object({
    winnerId: idSchema.nullable(),
    raffleId: idSchema.nullable(),
    winnerName: z.string().trim().min(1, WINNER_MESSAGES.winnerNameRequired).max(120),
    prizeName: z.string().trim().min(1, WINNER_MESSAGES.prizeNameRequired).max(200),
    ticketNumber: optionalText(40),
    imageUrl: optionalImageUrlSchema,
    prizeImageUrl: optionalImageUrlSchema,
    prizeValue: penceSchema.nullable(),
    announcementDate: isoDateTimeSchema,
    /** Edits: the winner's `updatedAt` (ms) as the form was filled. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict();
export type SaveWinnerInput = z.input<typeof saveWinnerInput>;

/**
 * The browser's winner form: pounds text and a UK date-time, sent as the callable's input. A
 * blank draw date is now, as the form's default is.
 */
export const winnerFormSchema = saveWinnerInput.extend({
  prizeValue: poundsText(WINNER_MESSAGES.prizeValueInvalid),
  announcementDate: z
    .string()
    .trim()
    .transform((text) => text || toUkDateTimeText(new Date()))
    .pipe(ukDateTimeText(WINNER_MESSAGES.dateInvalid)),
});
export type WinnerFormValues = z.input<typeof winnerFormSchema>;

export const saveWinnerContract = defineCallable({
  name: 'saveWinner',
  access: 'admin',
  input: saveWinnerInput,
  output: answer<SavedContentOutput>(),
});
