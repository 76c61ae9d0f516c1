/**
 * The forms and callables of sign-in, sign-up, passwords and two-factor: their zod schemas,
 * apart from auth.ts's messages so the shop's first load carries only what it shows.
 */
import { z } from 'zod';
import { PASSWORD_MESSAGES, TWO_FACTOR_MESSAGES } from './auth';
import { PASSWORD_MIN_LENGTH } from './constants';

/** An e-mail address as typed: required, trimmed, lower-cased. */
export function emailAddress(requiredMessage: string, invalidMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(320, invalidMessage)
    .pipe(z.email(invalidMessage))
    .transform((email) => email.toLowerCase());
}

/** The password rules of sign-up, reset and change, each with its own message. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(128, PASSWORD_MESSAGES.tooLong)
  .regex(/[A-Z]/, PASSWORD_MESSAGES.needsUppercase)
  .regex(/[a-z]/, PASSWORD_MESSAGES.needsLowercase)
  .regex(/[0-9]/, PASSWORD_MESSAGES.needsNumber)
  .regex(/[!@#$%^&*]/, PASSWORD_MESSAGES.needsSpecial);

/** A password typed to prove who you are: never checked against the rules, only required. */
export const currentPasswordSchema = z
  .string()
  .min(1, PASSWORD_MESSAGES.currentRequired)
  .max(4096, PASSWORD_MESSAGES.currentWrong);

const newPasswordFields = z.object({ password: passwordSchema, confirmPassword: z.string() });

/**
 * Adds "passwords match" to a schema with `password` and `confirmPassword`. The check runs as
 * soon as both password fields are valid, even while other fields still have errors.
 */
export function withMatchingPasswords<
  S extends z.ZodType<{ password: string; confirmPassword: string }>,
>(schema: S, message: string = PASSWORD_MESSAGES.mismatch) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message,
    path: ['confirmPassword'],
    when: (payload) => newPasswordFields.safeParse(payload.value).success,
  });
}

/** The /auth sign-in form: an e-mail address (contains @) or a username, and a password. */
export const signInFormSchema = z.object({
  identifier: z.string().trim().min(1, 'Please enter your email or username').max(320),
  password: z.string().min(1, 'Please enter your password').max(4096),
});
export type SignInFormValues = z.input<typeof signInFormSchema>;

/** A 6-digit authenticator code; spaces are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));

/**
 * A one-time recovery code (ten letters and digits of RFC 4648 base32, shown as ABCDE-FGH23);
 * case, spaces and hyphens are ignored. Answers the ten characters.
 */
export const recoveryCodeSchema = z
  .string()
  .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{10}$/, TWO_FACTOR_MESSAGES.recoveryCodeFormat));

/** An out-of-band code from an e-mail link (Firebase's `oobCode`). */
export const oobCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,512}$/, 'This link is invalid');

/** `confirmTwoFactorEnrolment`, `disableTwoFactor` and `verifyTwoFactor` take a current code. */
export const twoFactorCodeInput = z.object({ code: totpCodeSchema }).strict();
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeInput>;

/** `verifyTwoFactor` (the sign-in page) also takes a one-time recovery code instead. */
export const twoFactorSignInInput = z
  .object({
    code: z.union([totpCodeSchema, recoveryCodeSchema], {
      error: TWO_FACTOR_MESSAGES.signInCodeFormat,
    }),
  })
  .strict();
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInInput>;

/**
 * `completeTwoFactorSignIn` (/2fa before any token): the challenge a right password answered,
 * and a code or a recovery code.
 */
export const twoFactorChallengeInput = twoFactorSignInInput.extend({
  challenge: z
    .string()
    .min(1, TWO_FACTOR_MESSAGES.signInExpired)
    .max(128, TWO_FACTOR_MESSAGES.signInExpired)
    .regex(/^[A-Za-z0-9]+$/, TWO_FACTOR_MESSAGES.signInExpired),
});
export type TwoFactorChallengeInput = z.input<typeof twoFactorChallengeInput>;
