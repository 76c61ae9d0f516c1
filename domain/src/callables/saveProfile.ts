import { z } from 'zod';
import { ACCOUNT_MESSAGES, RESERVED_USERNAMES, usernameKey } from '../account';
import { PROFILE_LIMITS, USERNAME_PATTERN } from '../collections/users';
import { optionalText } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * A username as typed: blank means none (stored as null); otherwise 3 to 30 letters, digits,
 * `_` or `.`. Reserved names read as taken. Accepts its own output (null), so a form can send
 * what it validated.
 */
export const usernameField = z
  .string()
  .max(100, ACCOUNT_MESSAGES.usernameInvalid)
  .trim()
  .nullable()
  .transform((value) => (value ? value : null))
  .pipe(
    z
      .string()
      .regex(USERNAME_PATTERN, ACCOUNT_MESSAGES.usernameInvalid)
      .refine(
        (value) => !RESERVED_USERNAMES.includes(usernameKey(value)),
        ACCOUNT_MESSAGES.usernameTaken,
      )
      .nullable(),
  );

/**
 * `saveProfile`: Profile Settings (/account). The username is unique whatever its case (the
 * callable keeps `usernames/{lower}` in step in one transaction); blank username and bio are
 * stored as null.
 */
export const saveProfileInput = z
  .object({
    username: usernameField,
    bio: optionalText(
      PROFILE_LIMITS.bioMax,
      `Bio must be at most ${PROFILE_LIMITS.bioMax} characters`,
    ),
  })
  .strict();
export type SaveProfileInput = z.input<typeof saveProfileInput>;
export type SaveProfileValues = z.output<typeof saveProfileInput>;

export interface SaveProfileOutput {
  username: string | null;
  bio: string | null;
}

export const saveProfileContract = defineCallable({
  name: 'saveProfile',
  access: 'session',
  input: saveProfileInput,
  output: answer<SaveProfileOutput>(),
});
