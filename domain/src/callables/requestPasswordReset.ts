import { z } from 'zod';
import { PASSWORD_MESSAGES } from '../auth';
import { emailAddress } from '../authSchemas';
import { answer, defineCallable, type MessageOutput } from './contract';

/** `requestPasswordReset` (guests): the same answer whether or not the address has an account. */
export const requestPasswordResetInput = z
  .object({
    email: emailAddress(PASSWORD_MESSAGES.resetEmailRequired, PASSWORD_MESSAGES.resetEmailInvalid),
  })
  .strict();
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetInput>;

export const requestPasswordResetContract = defineCallable({
  name: 'requestPasswordReset',
  access: 'anyone',
  input: requestPasswordResetInput,
  output: answer<MessageOutput>(),
});
