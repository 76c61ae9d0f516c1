import type { z } from 'zod';
import { twoFactorCodeInput } from '../authSchemas';
import { answer, defineCallable } from './contract';
import { deviceIdSchema } from './removeDevice';

/**
 * The first code, and this browser's push device (when push is on here): every other session
 * ends, with its devices, but this browser goes on signed in, so its device stays.
 */
export const confirmTwoFactorEnrolmentInput = twoFactorCodeInput.extend({
  keepDeviceId: deviceIdSchema.nullable().default(null),
});
export type ConfirmTwoFactorEnrolmentInput = z.input<typeof confirmTwoFactorEnrolmentInput>;

export interface ConfirmTwoFactorEnrolmentOutput {
  enabled: true;
  /** One-time recovery codes (ABCDE-FGH23), shown this once; only their hashes are kept. */
  recoveryCodes: string[];
  /**
   * The account's refresh tokens are revoked (another device may have signed in with the
   * password alone); this browser signs in again with this token, verified for 12 hours.
   */
  customToken: string;
}

/**
 * `confirmTwoFactorEnrolment`: the first code turns two-factor on, gives recovery codes,
 * revokes the account's refresh tokens and answers this browser's new sign-in.
 */
export const confirmTwoFactorEnrolmentContract = defineCallable({
  name: 'confirmTwoFactorEnrolment',
  access: 'customer',
  input: confirmTwoFactorEnrolmentInput,
  output: answer<ConfirmTwoFactorEnrolmentOutput>(),
});
