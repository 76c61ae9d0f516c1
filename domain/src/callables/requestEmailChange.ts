import { z } from 'zod';
import { EMAIL_CHANGE_MESSAGES } from '../auth';
import { currentPasswordSchema, emailAddress } from '../authSchemas';
import { answer, defineCallable, type MessageOutput } from './contract';

/**
 * `requestEmailChange` (signed-in customers): re-authenticates with the current password on
 * the server and e-mails a confirmation link to the new address; nothing changes until it
 * is opened.
 */
export const requestEmailChangeInput = z
  .object({
    newEmail: emailAddress(EMAIL_CHANGE_MESSAGES.invalid, EMAIL_CHANGE_MESSAGES.invalid),
    currentPassword: currentPasswordSchema,
  })
  .strict();
export type RequestEmailChangeInput = z.input<typeof requestEmailChangeInput>;

export const requestEmailChangeContract = defineCallable({
  name: 'requestEmailChange',
  access: 'customer',
  input: requestEmailChangeInput,
  output: answer<MessageOutput>(),
});
