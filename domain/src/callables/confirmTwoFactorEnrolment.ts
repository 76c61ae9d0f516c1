import { twoFactorCodeInput } from '../auth';
import { answer, defineCallable } from './contract';

/** `confirmTwoFactorEnrolment`: the first code turns two-factor on. */
export const confirmTwoFactorEnrolmentContract = defineCallable({
  name: 'confirmTwoFactorEnrolment',
  access: 'customer',
  input: twoFactorCodeInput,
  output: answer<{ enabled: true }>(),
});
