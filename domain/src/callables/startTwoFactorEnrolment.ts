import { z } from 'zod';
import { answer, defineCallable } from './contract';

/** `startTwoFactorEnrolment` (signed-in customers): a new secret, shown once. */
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
