import { z } from 'zod';
import { currentPasswordSchema } from '../authSchemas';
import { answer, defineCallable } from './contract';

/**
 * `startTwoFactorEnrolment` (signed-in customers): a new secret, shown once. It takes the
 * account's current password, checked on the server, so a stolen or left-open session cannot
 * put its own authenticator on the account and lock its owner out; from then on the server
 * keeps the password's hash to check sign-ins itself.
 */
export const startTwoFactorEnrolmentInput = z
  .object({ currentPassword: currentPasswordSchema })
  .strict();
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
