import { twoFactorChallengeInput } from '../authSchemas';
import { answer, defineCallable } from './contract';

export interface CompleteTwoFactorSignInOutput {
  /** For `signInWithCustomToken`: the sign-in, verified for 12 hours (its session claim). */
  customToken: string;
  /** This browser's sign-in device token for the account (kept, and sent next time). */
  signInDevice: string;
  /** When the verification lapses (ISO). */
  verifiedUntil: string;
}

/**
 * `completeTwoFactorSignIn` (/2fa, not yet signed in): the challenge a right password
 * answered and a code (or a one-time recovery code) give the sign-in's only token.
 */
export const completeTwoFactorSignInContract = defineCallable({
  name: 'completeTwoFactorSignIn',
  access: 'anyone',
  input: twoFactorChallengeInput,
  output: answer<CompleteTwoFactorSignInOutput>(),
});
