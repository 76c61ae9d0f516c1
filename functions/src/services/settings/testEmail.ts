import {
  ShopError,
  RATE_LIMITS,
  SMTP_SETTINGS_PATH,
  TEST_EMAIL_MESSAGES,
  clipText,
  type SendTestEmailOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { smtpTransportOptions, type SmtpServer } from '../mail/transport';
import { enforceRateLimit } from '../rateLimit';
import { smtpSettingsRef } from '../../lib/collections';
import { savedPasswordFits, savedSmtpPassword } from './emailSettings';

export interface TestEmailRequest {
  to: string;
  smtp: Omit<SmtpServer, 'password'> & {
    /** Null: the saved password. */
    password: string | null;
    fromAddress: string;
    fromName: string;
  };
}

/**
 * The saved SMTP password, but only for the server it was saved for: a typed host (or port,
 * or user) would otherwise make the function hand the saved password to any server.
 */
async function savedPasswordFor(db: Firestore, smtp: TestEmailRequest['smtp']): Promise<string> {
  const [saved, password] = await Promise.all([smtpSettingsRef(db).get(), savedSmtpPassword(db)]);
  if (!password) return '';
  if (!savedPasswordFits(saved.data(), smtp)) {
    throw new ShopError('invalid-argument', TEST_EMAIL_MESSAGES.passwordForNewServer);
  }
  return password;
}

/** Why it failed in words, for failures whose own message is internals (TEST_EMAIL_MESSAGES). */
function readableReasonOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? TEST_EMAIL_MESSAGES.reasons[code] : undefined;
}

/** Why the server refused, without anything secret and not too long to show. */
function reasonOf(error: unknown, password: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return clipText(password ? message.split(password).join('•••') : message, 300);
}

/**
 * Sends a test e-mail straight through the given SMTP settings, saved or not, so an
 * administrator learns at once whether they work (the outbox would retry in the background
 * and use only the saved settings). It makes the function connect wherever the form points,
 * so it is rate-limited per administrator and every attempt, sent or failed, is audited.
 */
export async function sendTestEmail(
  db: Firestore,
  admin: Caller,
  { to, smtp }: TestEmailRequest,
  now = new Date(),
): Promise<SendTestEmailOutput> {
  if (!smtp.host || !smtp.user) {
    throw new ShopError('invalid-argument', TEST_EMAIL_MESSAGES.incomplete);
  }
  const password = smtp.password || (await savedPasswordFor(db, smtp));
  if (!password) throw new ShopError('invalid-argument', TEST_EMAIL_MESSAGES.incomplete);
  await enforceRateLimit(db, `smtpTest:${admin.uid}`, RATE_LIMITS.smtpTest, now);
  const { createTransport } = await import('nodemailer');
  const transporter = createTransport(smtpTransportOptions({ ...smtp, password }));
  const from = smtp.fromAddress
    ? { name: smtp.fromName, address: smtp.fromAddress }
    : {
        name: smtp.fromName,
        address: smtp.user.includes('@') ? smtp.user : `no-reply@${smtp.host}`,
      };
  let outcome: { response: string } | { error: string; shown: string };
  try {
    const info = await transporter.sendMail({
      from,
      to,
      subject: TEST_EMAIL_MESSAGES.subject,
      text: TEST_EMAIL_MESSAGES.body,
    });
    outcome = { response: String(info.response ?? '') };
  } catch (error) {
    const reason = reasonOf(error, password);
    // The audit keeps the error's own words; the administrator is told them unless internal.
    outcome = { error: reason, shown: readableReasonOf(error) ?? reason };
  } finally {
    transporter.close();
  }
  const batch = db.batch();
  recordAudit(
    db,
    batch,
    admin,
    {
      action: 'settings.email.test',
      target: SMTP_SETTINGS_PATH,
      before: null,
      after: {
        to,
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        user: smtp.user,
        ...('error' in outcome ? { failed: outcome.error } : { sent: true }),
      },
    },
    now,
  );
  await batch.commit();
  if ('error' in outcome) {
    throw new ShopError('failed-precondition', `${TEST_EMAIL_MESSAGES.failed}: ${outcome.shown}`);
  }
  return outcome;
}
