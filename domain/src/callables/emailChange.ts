import { z } from 'zod';
import { EMAIL_CHANGE_MESSAGES, currentPasswordSchema, emailAddress, oobCodeSchema } from '../auth';

/**
 * `requestEmailChange` (signed-in customers): re-authenticates with the current password on
 * the server and e-mails a confirmation link to the new address; nothing changes until it
 * is opened.
 */
export const requestEmailChangeInput = z
  .object({
    newEmail: emailAddress(EMAIL_CHANGE_MESSAGES.invalid, EMAIL_CHANGE_MESSAGES.invalid),
    currentPassword: currentPasswordSchema,
  })
  .strict();
export type RequestEmailChangeInput = z.input<typeof requestEmailChangeInput>;

/** `confirmEmailChange` (anyone holding the link): applies the change and updates the profile. */
export const confirmEmailChangeInput = z.object({ oobCode: oobCodeSchema }).strict();
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeInput>;

export interface ConfirmEmailChangeOutput {
  /** The new address (the link was sent to it, so its holder knows it already). */
  email: string;
}
