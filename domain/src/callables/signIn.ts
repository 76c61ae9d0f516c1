import { z } from 'zod';
import { AUTH_MESSAGES, emailAddress } from '../auth';
import { PROFILE_LIMITS } from '../collections/users';

/**
 * `signInWithUsername` (guests): the password is checked on the server, which answers a
 * custom token for `signInWithCustomToken`. It never answers an e-mail address, and an
 * unknown username and a wrong password get the same message.
 */
export const signInWithUsernameInput = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.invalidUsernameOrPassword)
      .max(PROFILE_LIMITS.usernameMax, AUTH_MESSAGES.invalidUsernameOrPassword)
      .refine((name) => !name.includes('@') && !name.includes('/'), {
        message: AUTH_MESSAGES.invalidUsernameOrPassword,
      })
      .transform((name) => name.toLowerCase()),
    password: z
      .string()
      .min(1, AUTH_MESSAGES.invalidUsernameOrPassword)
      .max(4096, AUTH_MESSAGES.invalidUsernameOrPassword),
  })
  .strict();
export type SignInWithUsernameInput = z.input<typeof signInWithUsernameInput>;

export interface SignInWithUsernameOutput {
  customToken: string;
}

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

export interface MessageOutput {
  message: string;
}

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
