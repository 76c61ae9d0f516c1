import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth';
import { answer, defineCallable } from './contract';

/**
 * What a password sign-in answers: a custom token for `signInWithCustomToken`, or, for an
 * account with two-factor on, only a challenge for /2fa. No token of any kind exists for
 * such an account until its code is checked (`completeTwoFactorSignIn`).
 */
export type PasswordSignInOutput = { customToken: string } | { twoFactorChallenge: string };

/** A password typed to sign in: only required (the sign-up rules are not checked again). */
export const signInPasswordSchema = (message: string) =>
  z.string().min(1, message).max(4096, message);

/**
 * `signInWithPassword` (guests): an e-mail address and password checked on the server. The
 * browser signs in with Firebase Auth directly for accounts without two-factor; an account
 * with it on is refused there (the blocking `beforeUserSignedIn`) and signs in here.
 */
export const signInWithPasswordInput = z
  .object({
    email: z
      .string()
      .trim()
      .min(3, AUTH_MESSAGES.invalidEmailOrPassword)
      .max(320, AUTH_MESSAGES.invalidEmailOrPassword)
      .refine((email) => email.includes('@'), AUTH_MESSAGES.invalidEmailOrPassword)
      .transform((email) => email.toLowerCase()),
    password: signInPasswordSchema(AUTH_MESSAGES.invalidEmailOrPassword),
  })
  .strict();
export type SignInWithPasswordInput = z.input<typeof signInWithPasswordInput>;

export const signInWithPasswordContract = defineCallable({
  name: 'signInWithPassword',
  access: 'anyone',
  input: signInWithPasswordInput,
  output: answer<PasswordSignInOutput>(),
});
