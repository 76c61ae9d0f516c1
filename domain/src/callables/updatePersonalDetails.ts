import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../account';
import { ageOn, isCalendarDate, ukToday } from '../dates';
import { MINIMUM_AGE } from '../constants';
import { PROFILE_LIMITS, UK_PHONE_PATTERN } from '../collections/users';
import { optionalText, visibleLine } from '../fields';
import { answer, defineCallable } from './contract';

const name = visibleLine(
  z
    .string()
    .trim()
    .min(1, ACCOUNT_MESSAGES.fullNameRequired)
    .max(PROFILE_LIMITS.nameMax, `Names must be at most ${PROFILE_LIMITS.nameMax} characters`),
);

/** A UK mobile or landline as +44 and ten digits; spaces, dashes and brackets are ignored. */
export const ukPhoneField = z
  .string()
  .max(30, ACCOUNT_MESSAGES.phoneInvalid)
  .nullable()
  .transform((value) => (value ?? '').replace(/[\s()-]/g, '') || null)
  .pipe(z.string().regex(UK_PHONE_PATTERN, ACCOUNT_MESSAGES.phoneInvalid).nullable());

/**
 * A date of birth (yyyy-mm-dd, as `<input type="date">` gives it); blank is null. The customer
 * must be 18 or older ("You must be 18 or older"), counted in calendar years in UK time, which
 * is what the law means: 18 × 365 days would let someone up to five days short of 18 through.
 */
export const dateOfBirthField = z
  .string()
  .trim()
  .max(10, ACCOUNT_MESSAGES.dateOfBirthInvalid)
  .nullable()
  .transform((value) => (value ? value : null))
  .pipe(
    z
      .string()
      .refine(isCalendarDate, ACCOUNT_MESSAGES.dateOfBirthInvalid)
      .refine((value) => value <= ukToday(new Date()), ACCOUNT_MESSAGES.dateOfBirthInvalid)
      .refine(
        (value) => !isCalendarDate(value) || ageOn(value, ukToday(new Date())) >= MINIMUM_AGE,
        ACCOUNT_MESSAGES.underage,
      )
      .nullable(),
  );

/**
 * Update Profile (/account/update): names, UK phone, date of birth and bio. The browser form
 * and the callable validate with this one schema; its output parses again, so the form sends
 * what it validated.
 */
export const personalDetailsSchema = z
  .object({
    firstName: name,
    lastName: name,
    phoneNumber: ukPhoneField,
    dateOfBirth: dateOfBirthField,
    bio: optionalText(
      PROFILE_LIMITS.bioMax,
      `Bio must be at most ${PROFILE_LIMITS.bioMax} characters`,
    ),
  })
  .strict();
export type PersonalDetailsFormValues = z.input<typeof personalDetailsSchema>;

/**
 * The same form for a customer whose date of birth on record shows them under 18 (recorded by
 * an administrator): the date is shown as it is and not sent, since only support corrects it,
 * so it no longer stands in the way of the other fields.
 */
export const personalDetailsDateLockedSchema = personalDetailsSchema.extend({
  dateOfBirth: z
    .string()
    .nullable()
    .transform((): string | null | undefined => undefined),
});
/** What either form gives: the date of birth left out when it is locked. */
export type PersonalDetailsValues = z.output<typeof personalDetailsDateLockedSchema>;

/** The settings page's profile card: the same fields without the bio. */
export const settingsProfileSchema = personalDetailsSchema.omit({ bio: true });
export type SettingsProfileFormValues = z.input<typeof settingsProfileSchema>;

/**
 * `updatePersonalDetails`: any of the fields above (those left out are unchanged). The date of
 * birth and the age check are why this is a callable: the rules let owners write their names,
 * phone and bio directly but never their date of birth.
 */
export const updatePersonalDetailsInput = personalDetailsSchema
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to update');
export type UpdatePersonalDetailsInput = z.input<typeof updatePersonalDetailsInput>;
export type PersonalDetailsUpdate = z.output<typeof updatePersonalDetailsInput>;

export const updatePersonalDetailsContract = defineCallable({
  name: 'updatePersonalDetails',
  access: 'session',
  input: updatePersonalDetailsInput,
  output: answer<{ updated: true }>(),
});
