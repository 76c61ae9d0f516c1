import { twoFactorCodeInput } from '../auth';
import { answer, defineCallable } from './contract';

export interface ConfirmTwoFactorEnrolmentOutput {
  enabled: true;
  /** One-time recovery codes (ABCDE-FGH23), shown this once; only their hashes are kept. */
  recoveryCodes: string[];
}

/** `confirmTwoFactorEnrolment`: the first code turns two-factor on and gives recovery codes. */
export const confirmTwoFactorEnrolmentContract = defineCallable({
  name: 'confirmTwoFactorEnrolment',
  access: 'customer',
  input: twoFactorCodeInput,
  output: answer<ConfirmTwoFactorEnrolmentOutput>(),
});
