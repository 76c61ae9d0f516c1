import { z } from 'zod';
import {
  PASSWORD_MESSAGES,
  currentPasswordSchema,
  emailAddress,
  oobCodeSchema,
  passwordSchema,
  withMatchingPasswords,
} from '../auth';

/** `requestPasswordReset` (guests): the same answer whether or not the address has an account. */
export const requestPasswordResetInput = z
  .object({
    email: emailAddress(PASSWORD_MESSAGES.resetEmailRequired, PASSWORD_MESSAGES.resetEmailInvalid),
  })
  .strict();
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetInput>;

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

/** The settings page's card: the same request, with its own mismatch message (accounts §5). */
export const passwordChangeCardSchema = withMatchingPasswords(
  changePasswordFields,
  PASSWORD_MESSAGES.newMismatch,
);
