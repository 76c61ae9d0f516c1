import { z } from 'zod';
import { PASSWORD_MESSAGES } from '../auth';
import { currentPasswordSchema, passwordSchema, withMatchingPasswords } from '../authSchemas';
import { answer, defineCallable, type MessageOutput } from './contract';

const changePasswordFields = z
  .object({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .strict();

/**
 * `changePassword` (signed-in customers): re-authenticates with the current password on the
 * server, sets the new one with the sign-up rules and signs the account out everywhere.
 */
export const changePasswordInput = withMatchingPasswords(changePasswordFields);
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** The settings page's card: the same request, with its own mismatch message. */
export const passwordChangeCardSchema = withMatchingPasswords(
  changePasswordFields,
  PASSWORD_MESSAGES.newMismatch,
);

export const changePasswordContract = defineCallable({
  name: 'changePassword',
  access: 'customer',
  input: changePasswordInput,
  output: answer<MessageOutput>(),
});
