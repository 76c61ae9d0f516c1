import { z } from 'zod';
import { smtpServerFields } from './updateEmailSettings';
import { answer, defineCallable } from './contract';

/** The SMTP test's messages. */
export const TEST_EMAIL_MESSAGES = {
  incomplete: 'Please fill in all SMTP settings before testing',
  /** The saved password goes only to the server it was saved for. */
  passwordForNewServer:
    'Enter the password for this server: the saved password is only sent to the saved server',
  addressRequired: 'Please enter a test email address',
  addressInvalid: 'Please enter a valid email address',
  sent: 'Test email sent successfully',
  failed: 'Failed to send test email',
  /**
   * Why it failed, by nodemailer's error code, where the error's own message is Node's or
   * OpenSSL's (a socket error, a TLS record error with its source file); other failures keep
   * the server's reply.
   */
  reasons: {
    EDNS: 'the server name was not found',
    ESOCKET:
      'could not talk to the server on this port (check the port and the secure connection setting)',
    ECONNECTION:
      'the server closed the connection (check the port and the secure connection setting)',
    ETIMEDOUT: 'the server did not answer in time',
    ETLS: 'a secure connection could not be set up (check the secure connection setting)',
  } as Readonly<Record<string, string>>,
  subject: 'Test email from your shop',
  body: 'This is a test email. If you can read it, your SMTP settings work.',
} as const;

/**
 * `sendTestEmail` (administrators): sends one e-mail straight through the SMTP settings on
 * the form, saved or not, and answers whether the server accepted it. A null password means
 * the saved one, which is only sent to the saved host, port and user. Host, user and a password (typed or saved) are required; so is the
 * address to send to.
 */
export const sendTestEmailInput = z
  .object({
    smtp: z
      .object({
        ...smtpServerFields,
        host: smtpServerFields.host.refine((host) => host !== '', TEST_EMAIL_MESSAGES.incomplete),
        user: smtpServerFields.user.min(1, TEST_EMAIL_MESSAGES.incomplete),
      })
      .strict(),
    to: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, TEST_EMAIL_MESSAGES.addressRequired)
      .pipe(z.email(TEST_EMAIL_MESSAGES.addressInvalid).max(320)),
  })
  .strict();
export type SendTestEmailInput = z.input<typeof sendTestEmailInput>;

export interface SendTestEmailOutput {
  /** The server's reply to the message, e.g. "250 Accepted". */
  response: string;
}

export const sendTestEmailContract = defineCallable({
  name: 'sendTestEmail',
  access: 'admin',
  input: sendTestEmailInput,
  output: answer<SendTestEmailOutput>(),
});
