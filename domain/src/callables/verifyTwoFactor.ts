import { twoFactorSignInInput } from '../authSchemas';
import { answer, defineCallable } from './contract';

export interface VerifyTwoFactorOutput {
  /** When this sign-in's verification lapses (ISO). */
  verifiedUntil: string;
}

/**
 * `verifyTwoFactor` (/2fa): a code, or one of the account's one-time recovery codes, verifies
 * this sign-in for 12 hours.
 */
export const verifyTwoFactorContract = defineCallable({
  name: 'verifyTwoFactor',
  access: 'firstFactor',
  input: twoFactorSignInInput,
  output: answer<VerifyTwoFactorOutput>(),
});
