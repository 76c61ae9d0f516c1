import { z } from 'zod';
import { totpCodeSchema } from '../auth';

/** `startTwoFactorEnrolment` (signed-in customers): a new secret, shown once. */
export const startTwoFactorEnrolmentInput = z.object({}).strict();
export type StartTwoFactorEnrolmentInput = z.input<typeof startTwoFactorEnrolmentInput>;

export interface StartTwoFactorEnrolmentOutput {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code encodes. */
  otpauthUri: string;
}

/** `confirmTwoFactorEnrolment`, `disableTwoFactor` and `verifyTwoFactor` take a current code. */
export const twoFactorCodeInput = z.object({ code: totpCodeSchema }).strict();
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeInput>;

export interface VerifyTwoFactorOutput {
  /** When this sign-in's verification lapses (ISO). */
  verifiedUntil: string;
}
