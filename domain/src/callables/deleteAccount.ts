import { z } from 'zod';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION } from '../account';
import { answer, defineCallable } from './contract';

/**
 * `deleteAccount`: the Danger Zone. The customer types DELETE to confirm. The
 * callable removes the customer's personal data and their Auth user; orders, tickets and
 * reservations are anonymised, not deleted (see services/account/deleteAccount.ts).
 */
export const deleteAccountInput = z
  .object({
    confirmation: z
      .string()
      .max(20)
      .refine((value) => value === DELETE_CONFIRMATION, ACCOUNT_MESSAGES.deleteConfirmation),
  })
  .strict();
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

export interface DeleteAccountOutput {
  deleted: true;
}

export const deleteAccountContract = defineCallable({
  name: 'deleteAccount',
  access: 'session',
  input: deleteAccountInput,
  output: answer<DeleteAccountOutput>(),
  whileDeleting: true,
});
