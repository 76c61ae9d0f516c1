import { z } from 'zod';
import { requestIdSchema } from '../fields';
import { MANUAL_ENTRY_MESSAGES, manualQuantitySchema, pickedId } from './createManualEntry';
import { answer, defineCallable } from './contract';
import type { FulfilmentOutput } from './startCheckout';

export const ADD_TICKETS_MESSAGES = {
  ...MANUAL_ENTRY_MESSAGES,
  minNumberInvalid: 'Minimum ticket number must be a whole number of at least 1',
  noNumbers: 'No available ticket numbers for this raffle',
  failed: 'Failed to add tickets',
} as const;

/**
 * `addTicketsForUser` (administrators, Manage Tickets → Add tickets): gives a customer
 * `quantity` tickets numbered from the lowest free numbers at or above `minNumber` (1 when
 * null; in a raffle with instant prizes, free numbers at or above it at random, never a prize,
 * so the numbers stepped over do not show where the prizes are). The numbers are taken in the
 * raffle's pool in one transaction, so no checkout can issue them too; then the checkout's
 * fulfilment writes tickets, entries, order and e-mail.
 */
export const addTicketsForUserInput = z
  .object({
    userId: pickedId(ADD_TICKETS_MESSAGES.selectUser),
    raffleId: pickedId(ADD_TICKETS_MESSAGES.selectRaffle),
    quantity: manualQuantitySchema,
    minNumber: z
      .number({ error: ADD_TICKETS_MESSAGES.minNumberInvalid })
      .int(ADD_TICKETS_MESSAGES.minNumberInvalid)
      .min(1, ADD_TICKETS_MESSAGES.minNumberInvalid)
      .nullable(),
    /** The form's key: sent again, it answers with the first request's tickets. */
    requestId: requestIdSchema.optional(),
  })
  .strict();
export type AddTicketsForUserInput = z.input<typeof addTicketsForUserInput>;

/** The add-tickets form: the minimum number is typed, blank for none. */
export const addTicketsFormSchema = addTicketsForUserInput.extend({
  minNumber: z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === '') return null;
      if (!/^\d+$/.test(text) || Number(text) < 1) {
        context.addIssue({ code: 'custom', message: ADD_TICKETS_MESSAGES.minNumberInvalid });
        return z.NEVER;
      }
      return Number(text);
    }),
});
export type AddTicketsFormValues = z.input<typeof addTicketsFormSchema>;

export const addTicketsForUserContract = defineCallable({
  name: 'addTicketsForUser',
  access: 'admin',
  input: addTicketsForUserInput,
  output: answer<FulfilmentOutput>(),
});
