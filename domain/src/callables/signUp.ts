import { z } from 'zod';
import { SIGN_UP_MESSAGES, isAtLeastAge } from '../auth';
import { emailAddress, passwordSchema, withMatchingPasswords } from '../authSchemas';
import { isCalendarDate } from '../dates';
import { PROFILE_LIMITS, UK_PHONE_PATTERN } from '../collections/users';
import { visibleLine } from '../fields';
import { answer, defineCallable } from './contract';

const name = visibleLine(
  z.string().trim().min(1, SIGN_UP_MESSAGES.fullName).max(PROFILE_LIMITS.nameMax),
);

/** A UK mobile or landline as +44 and 10 digits; spaces typed in between are dropped. */
export const ukPhoneSchema = z
  .string()
  .transform((phone) => phone.replace(/\s+/g, ''))
  .pipe(z.string().regex(UK_PHONE_PATTERN, SIGN_UP_MESSAGES.phone));

/** A date of birth (yyyy-mm-dd) of someone who is 18 or over today, UK time. */
export const adultDateOfBirthSchema = z
  .string()
  .trim()
  .min(1, SIGN_UP_MESSAGES.dateOfBirthRequired)
  .refine(isCalendarDate, SIGN_UP_MESSAGES.dateOfBirthInvalid)
  .refine((date) => date >= '1900-01-01', SIGN_UP_MESSAGES.dateOfBirthInvalid)
  .refine((date) => isAtLeastAge(date, new Date()), SIGN_UP_MESSAGES.underage);

const signUpFields = z
  .object({
    firstName: name,
    lastName: name,
    email: emailAddress(SIGN_UP_MESSAGES.email, SIGN_UP_MESSAGES.email),
    phoneNumber: ukPhoneSchema,
    dateOfBirth: adultDateOfBirthSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .strict();

/**
 * `signUp` (guests): creates the account on the server with the e-mail unverified, writes the
 * profile, and e-mails a confirmation link. The sign-up form validates with this same schema.
 */
export const signUpInput = withMatchingPasswords(signUpFields);
export type SignUpInput = z.input<typeof signUpInput>;

/** The same answer whether or not the address already had an account. */
export interface SignUpOutput {
  message: string;
}

export const signUpContract = defineCallable({
  name: 'signUp',
  access: 'anyone',
  input: signUpInput,
  output: answer<SignUpOutput>(),
});
