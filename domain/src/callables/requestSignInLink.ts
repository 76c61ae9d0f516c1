import { z } from 'zod';
import { emailAddress } from '../authSchemas';
import { answer, defineCallable, type MessageOutput } from './contract';

/**
 * `requestSignInLink` (guests): e-mails a one-time sign-in link when the address has an
 * account; the answer is the same either way.
 */
export const requestSignInLinkInput = z
  .object({
    email: emailAddress('Please enter your email address', 'Please enter a valid email address'),
    /** Where to go once signed in (a same-site path). */
    redirect: z.string().max(500).nullable(),
  })
  .strict();
export type RequestSignInLinkInput = z.input<typeof requestSignInLinkInput>;

export const requestSignInLinkContract = defineCallable({
  name: 'requestSignInLink',
  access: 'anyone',
  input: requestSignInLinkInput,
  output: answer<MessageOutput>(),
});
