import { mailSchema, parseDocument } from '@rafflewin/domain';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { readSiteSettings } from '../../lib/collections';
import { mailAsSent } from './templates';
import { mailSender, type MailSender } from './transport';

/** Retries after the first attempt, and the back-off. */
export const MAIL_RETRIES = 3;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5000;

export function retryDelay(retry: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** retry, MAX_DELAY_MS);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one queued e-mail as `mailAsSent` words it (the shop's name, the company line),
 * retrying with back-off, and records the delivery or the final error on its document. Mail
 * already sent is not sent again.
 */
export async function deliverMail(
  db: Firestore,
  ref: DocumentReference,
  sender?: MailSender,
): Promise<void> {
  const mail = parseDocument(mailSchema, (await ref.get()).data(), ref.id);
  if (mail.status !== 'pending') return;
  const [{ transporter, from }, settings] = await Promise.all([
    sender ?? mailSender(db),
    readSiteSettings(db),
  ]);
  const { subject, text, html } = mailAsSent(mail, settings);
  let lastError = '';
  for (let attempt = 0; attempt <= MAIL_RETRIES; attempt += 1) {
    if (attempt > 0) await sleep(retryDelay(attempt - 1));
    try {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject,
        text,
        html,
      });
      await ref.update({
        status: 'sent',
        attempts: attempt + 1,
        sentAt: new Date(),
        lastError: null,
      });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await ref.update({ attempts: attempt + 1, lastError });
    }
  }
  await ref.update({ status: 'failed', lastError });
}
