import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth';
import { PROFILE_LIMITS, USERNAME_PATTERN } from '../collections/users';
import { answer, defineCallable } from './contract';
import {
  signInDevicesSchema,
  signInPasswordSchema,
  type PasswordSignInOutput,
} from './signInWithPassword';

/**
 * `signInWithUsername` (guests): the password is checked on the server, which answers a
 * custom token for `signInWithCustomToken` (or, with two-factor on, a challenge for /2fa).
 * It never answers an e-mail address, and an unknown username and a wrong password get the
 * same message.
 */
export const signInWithUsernameInput = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, AUTH_MESSAGES.invalidUsernameOrPassword)
      .max(PROFILE_LIMITS.usernameMax, AUTH_MESSAGES.invalidUsernameOrPassword)
      // Only what a username can be (no e-mail address, no `..` or `__x__` that could not name
      // its document): anything else is refused here, as an unknown username would be.
      .refine((name) => USERNAME_PATTERN.test(name), {
        message: AUTH_MESSAGES.invalidUsernameOrPassword,
      })
      .transform((name) => name.toLowerCase()),
    password: signInPasswordSchema(AUTH_MESSAGES.invalidUsernameOrPassword),
    devices: signInDevicesSchema(AUTH_MESSAGES.invalidUsernameOrPassword),
  })
  .strict();
export type SignInWithUsernameInput = z.input<typeof signInWithUsernameInput>;

export type SignInWithUsernameOutput = PasswordSignInOutput;

export const signInWithUsernameContract = defineCallable({
  name: 'signInWithUsername',
  access: 'anyone',
  input: signInWithUsernameInput,
  output: answer<SignInWithUsernameOutput>(),
});
