import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `resetUserTwoFactor` (administrators): turns a customer's two-factor authentication off when
 * they have lost their authenticator and their recovery codes (after support has checked who
 * they are). Audited; the customer is told in the app and by e-mail; their sessions end.
 */
export const resetUserTwoFactorInput = z.object({ uid: idSchema }).strict();
export type ResetUserTwoFactorInput = z.infer<typeof resetUserTwoFactorInput>;

export const resetUserTwoFactorContract = defineCallable({
  name: 'resetUserTwoFactor',
  access: 'admin',
  input: resetUserTwoFactorInput,
  output: answer<{ uid: string }>(),
});
