import { twoFactorCodeInput } from '../authSchemas';
import { answer, defineCallable } from './contract';

/** `disableTwoFactor`: turns two-factor off with a current code. */
export const disableTwoFactorContract = defineCallable({
  name: 'disableTwoFactor',
  access: 'customer',
  input: twoFactorCodeInput,
  output: answer<{ enabled: false }>(),
});
