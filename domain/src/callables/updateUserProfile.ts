import { z } from 'zod';
import {
  PROFILE_LIMITS,
  UK_PHONE_PATTERN,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '../collections/users';
import { changedSinceOpened } from '../editConflicts';
import { idSchema, optionalText, visibleLine } from '../fields';
import { answer, defineCallable } from './contract';

/** The Edit User Profile panel's messages. */
export const USER_PROFILE_MESSAGES = {
  updated: 'User profile updated successfully',
  updateFailed: 'Failed to update user profile',
  phoneInvalid: 'Invalid UK phone number format. Must start with +44 followed by 10 digits',
  usernameTaken: USERNAME_TAKEN_MESSAGE,
  usernameInvalid: USERNAME_RULE_MESSAGE,
  dateOfBirthInvalid: 'Enter a real date of birth in the past',
  /**
   * A field the form changed that was also changed since the form was filled (the user, another
   * administrator).
   */
  changedSinceOpened: changedSinceOpened('This profile'),
} as const;

/** The profile fields Edit User Profile edits, each stored as text or null. */
export const EDITABLE_PROFILE_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'phoneNumber',
  'dateOfBirth',
] as const;
export type EditableProfile = Record<(typeof EDITABLE_PROFILE_FIELDS)[number], string | null>;

/**
 * The editable fields as a profile (or a User Management row) holds them, null for none: what
 * the form is filled with, sent back as `seen`, and the audit entry's before and after.
 */
export function editableProfileOf(
  profile: Partial<Record<keyof EditableProfile, string | null | undefined>>,
): EditableProfile {
  const field = (key: keyof EditableProfile) => profile[key] ?? null;
  return {
    username: field('username'),
    firstName: field('firstName'),
    lastName: field('lastName'),
    phoneNumber: field('phoneNumber'),
    dateOfBirth: field('dateOfBirth'),
  };
}

const seenField = z.string().nullable();

/** A calendar date (yyyy-mm-dd) that exists, after 1900 and not in the future. */
function isPastCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getUTCFullYear() >= 1900 &&
    date.getTime() <= Date.now()
  );
}

/**
 * `updateUserProfile` (administrators): edits another user's username, names, phone and date
 * of birth. Blank fields are stored as null. The phone, when given, is +44 and 10 digits; the
 * username is unique whatever its case. An administrator correcting a record is not held to
 * the sign-up age rule (the date only has to be real): the record should say what is true,
 * and an under-18 entrant is then visible rather than hidden.
 */
export const updateUserProfileInput = z
  .object({
    uid: idSchema,
    username: optionalText(
      PROFILE_LIMITS.usernameMax,
      USER_PROFILE_MESSAGES.usernameInvalid,
    ).refine(
      (value) => value === null || USERNAME_PATTERN.test(value),
      USER_PROFILE_MESSAGES.usernameInvalid,
    ),
    // Names others read (entry lists, winners): held to the customer's own form's rule.
    firstName: visibleLine(optionalText(PROFILE_LIMITS.nameMax)),
    lastName: visibleLine(optionalText(PROFILE_LIMITS.nameMax)),
    phoneNumber: optionalText(20, USER_PROFILE_MESSAGES.phoneInvalid).refine(
      (value) => value === null || UK_PHONE_PATTERN.test(value),
      USER_PROFILE_MESSAGES.phoneInvalid,
    ),
    dateOfBirth: optionalText(10, USER_PROFILE_MESSAGES.dateOfBirthInvalid).refine(
      (value) => value === null || isPastCalendarDate(value),
      USER_PROFILE_MESSAGES.dateOfBirthInvalid,
    ),
    /**
     * The five fields as the form was filled (stored values, null for none). A field the form
     * leaves as it was keeps whatever is stored by then (the customer's own correction made
     * while the form was open); one it changes is refused only if it too changed meanwhile.
     * Without it (a caller that does not say), every field is written as sent.
     */
    seen: z
      .object({
        username: seenField,
        firstName: seenField,
        lastName: seenField,
        phoneNumber: seenField,
        dateOfBirth: seenField,
      } satisfies Record<keyof EditableProfile, typeof seenField>)
      .strict()
      .optional(),
  })
  .strict();
export type UpdateUserProfileInput = z.input<typeof updateUserProfileInput>;
export type UserProfileFormValues = z.input<typeof updateUserProfileInput>;

export const updateUserProfileContract = defineCallable({
  name: 'updateUserProfile',
  access: 'admin',
  input: updateUserProfileInput,
  output: answer<{ uid: string }>(),
});
