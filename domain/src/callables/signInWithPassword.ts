import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth';
import { SIGN_IN_DEVICES } from '../collections/signInDevices';
import { answer, defineCallable } from './contract';

/**
 * What a password sign-in answers: a custom token for `signInWithCustomToken`, or, for an
 * account with two-factor on, only a challenge for /2fa. No token of any kind exists for
 * such an account until its code is checked (`completeTwoFactorSignIn`).
 */
export type PasswordSignInOutput =
  | {
      customToken: string;
      /** This browser's sign-in device token for the account (kept, and sent next time). */
      signInDevice: string;
    }
  | { twoFactorChallenge: string };

/** A password typed to sign in: only required (the sign-up rules are not checked again). */
export const signInPasswordSchema = (message: string) =>
  z.string().min(1, message).max(4096, message);

/**
 * The sign-in device tokens this browser holds (`SIGN_IN_DEVICES`): a password from a browser
 * that signed in to the account before is counted apart from everyone else's. One that names
 * another account, or none the server knows, counts for nothing.
 */
export const signInDevicesSchema = (message: string) =>
  z
    .array(z.string().max(SIGN_IN_DEVICES.tokenMax, message))
    .max(SIGN_IN_DEVICES.perBrowser, message)
    .optional();

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
    devices: signInDevicesSchema(AUTH_MESSAGES.invalidEmailOrPassword),
  })
  .strict();
export type SignInWithPasswordInput = z.input<typeof signInWithPasswordInput>;

export const signInWithPasswordContract = defineCallable({
  name: 'signInWithPassword',
  access: 'anyone',
  input: signInWithPasswordInput,
  output: answer<PasswordSignInOutput>(),
});
