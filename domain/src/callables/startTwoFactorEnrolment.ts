import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `startTwoFactorEnrolment` (signed-in customers): a new secret, shown once. Only for a sign-in
 * from the last few minutes (ENROLMENT_SIGN_IN_MAX_AGE_SECONDS): the page asks for the
 * password again first, so a stolen or left-open session cannot put its own authenticator on
 * the account and lock its owner out.
 */
export const startTwoFactorEnrolmentInput = z.object({}).strict();
export type StartTwoFactorEnrolmentInput = z.input<typeof startTwoFactorEnrolmentInput>;

export interface StartTwoFactorEnrolmentOutput {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code encodes. */
  otpauthUri: string;
}

export const startTwoFactorEnrolmentContract = defineCallable({
  name: 'startTwoFactorEnrolment',
  access: 'customer',
  input: startTwoFactorEnrolmentInput,
  output: answer<StartTwoFactorEnrolmentOutput>(),
});
