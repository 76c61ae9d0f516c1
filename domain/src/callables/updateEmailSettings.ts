import { z } from 'zod';
import { seenUpdatedAtSchema } from '../fields';
import { answer, defineCallable } from './contract';
import type { SmtpSettings } from '../collections/admin';

/** SMTP's usual submission port. */
export const SMTP_DEFAULT_PORT = 587;

export const EMAIL_SETTINGS_MESSAGES = {
  hostInvalid: 'Enter a server name such as smtp.example.com, or leave it empty',
  portInvalid: 'Port must be a whole number from 1 to 65535',
  fromEmailRequired: 'Enter the address e-mails are sent from',
  fromEmailInvalid: 'Enter a valid sender email address',
  userTooLong: 'User name must be at most 320 characters',
  passwordTooLong: 'Password must be at most 500 characters',
  fromNameTooLong: 'Sender name must be at most 120 characters',
  /** A save over a change saved since the tab was filled (another tab or administrator). */
  changedSinceOpened:
    'The email server settings have changed since you opened them: reload the page to edit ' +
    'the latest version',
} as const;

const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, EMAIL_SETTINGS_MESSAGES.hostInvalid)
  .regex(
    /^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    EMAIL_SETTINGS_MESSAGES.hostInvalid,
  );

const port = z
  .number({ error: EMAIL_SETTINGS_MESSAGES.portInvalid })
  .int(EMAIL_SETTINGS_MESSAGES.portInvalid)
  .min(1, EMAIL_SETTINGS_MESSAGES.portInvalid)
  .max(65535, EMAIL_SETTINGS_MESSAGES.portInvalid);

/** The server fields shared by saving and by the test e-mail. */
export const smtpServerFields = {
  /** Blank: the shop's default mail server (MailDev locally). */
  host: hostname,
  port,
  /** TLS from the first byte (usually port 465); otherwise STARTTLS is used when offered. */
  secure: z.boolean(),
  user: z.string().trim().max(320, EMAIL_SETTINGS_MESSAGES.userTooLong),
  /**
   * Write-only: null keeps the saved password; text replaces it. The password is never sent
   * back to a browser (`settingsPrivate/smtp` says only whether one is set).
   */
  password: z.string().max(500, EMAIL_SETTINGS_MESSAGES.passwordTooLong).nullable(),
  fromAddress: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(
      z.union([
        z.literal(''),
        z
          .email(EMAIL_SETTINGS_MESSAGES.fromEmailInvalid)
          .max(320, EMAIL_SETTINGS_MESSAGES.fromEmailInvalid),
      ]),
    ),
  fromName: z.string().trim().max(120, EMAIL_SETTINGS_MESSAGES.fromNameTooLong),
};

/**
 * `updateEmailSettings` (administrators): the Email Server tab. With a host, a sender address
 * is required. `clearPassword` removes a saved password (for servers without sign-in).
 */
export const updateEmailSettingsInput = z
  .object({
    ...smtpServerFields,
    clearPassword: z.boolean(),
    /** The settings' `updatedAt` (ms, null before any was saved) as the tab was filled. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict()
  .refine((input) => !input.host || input.fromAddress !== '', {
    message: EMAIL_SETTINGS_MESSAGES.fromEmailRequired,
    path: ['fromAddress'],
  });
export type UpdateEmailSettingsInput = z.input<typeof updateEmailSettingsInput>;

/** A port typed in a form, as a number. */
export const portText = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, EMAIL_SETTINGS_MESSAGES.portInvalid)
  .transform(Number)
  .pipe(port);

/** The Email Server form: the port as text, the password field blank meaning "keep". */
export const emailSettingsFormSchema = z
  .object({
    ...smtpServerFields,
    port: portText,
    password: z
      .string()
      .max(500, EMAIL_SETTINGS_MESSAGES.passwordTooLong)
      .transform((value) => (value === '' ? null : value)),
    clearPassword: z.boolean(),
  })
  .strict()
  .refine((input) => !input.host || input.fromAddress !== '', {
    message: EMAIL_SETTINGS_MESSAGES.fromEmailRequired,
    path: ['fromAddress'],
  });
export type EmailSettingsFormValues = z.input<typeof emailSettingsFormSchema>;

/**
 * The Email Server tab as stored: never the password, only whether one is set. `updatedAt` (ms)
 * is the version the tab's next save is made on.
 */
export type SavedEmailSettings = Omit<SmtpSettings, 'updatedAt'> & { updatedAt: number };

export const updateEmailSettingsContract = defineCallable({
  name: 'updateEmailSettings',
  access: 'admin',
  input: updateEmailSettingsInput,
  output: answer<SavedEmailSettings>(),
});
