import { z } from 'zod';
import { emailAddress } from '../authSchemas';
import { answer, defineCallable, type MessageOutput } from './contract';

/**
 * `resendConfirmation`: a new e-mail confirmation link. Guests get the same answer whatever
 * the address; the signed-in owner of the address is told when it is already confirmed.
 */
export const resendConfirmationInput = z
  .object({
    email: emailAddress('Please enter your email address', 'Please enter a valid email address'),
  })
  .strict();
export type ResendConfirmationInput = z.input<typeof resendConfirmationInput>;

export const resendConfirmationContract = defineCallable({
  name: 'resendConfirmation',
  access: 'anyone',
  input: resendConfirmationInput,
  output: answer<MessageOutput>(),
});
