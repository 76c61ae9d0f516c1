import { z } from 'zod';
import { oobCodeSchema, passwordSchema, withMatchingPasswords } from '../authSchemas';
import { answer, defineCallable, type MessageOutput } from './contract';

/**
 * `completePasswordReset` (guests holding a reset link): sets the new password with the
 * sign-up rules, checked on the server, and signs the account out everywhere.
 */
export const completePasswordResetInput = withMatchingPasswords(
  z
    .object({
      oobCode: oobCodeSchema,
      password: passwordSchema,
      confirmPassword: z.string(),
    })
    .strict(),
);
export type CompletePasswordResetInput = z.input<typeof completePasswordResetInput>;

/** The /new-password form: the code comes from the link, not the form. */
export const newPasswordFormSchema = withMatchingPasswords(
  z.object({ password: passwordSchema, confirmPassword: z.string() }),
);
export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;

export const completePasswordResetContract = defineCallable({
  name: 'completePasswordReset',
  access: 'anyone',
  input: completePasswordResetInput,
  output: answer<MessageOutput>(),
});
