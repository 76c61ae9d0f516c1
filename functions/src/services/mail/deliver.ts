import { mailSchema, parseDocument, type MailData } from '@rafflewin/domain';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
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
 * A claim older than this is a delivery that died part-way (the trigger's timeout is 120 s):
 * a later delivery of the same event may take the mail over.
 */
const STALE_CLAIM_MS = 10 * 60_000;

/**
 * Claims a pending e-mail for this delivery (`sending`), in a transaction: the trigger is
 * delivered at least once, and two deliveries that both read it pending would both send it.
 * Answers the mail, or null when it is another delivery's, or done.
 */
async function claimMail(
  db: Firestore,
  ref: DocumentReference,
  now: Date,
): Promise<MailData | null> {
  // This delivery's own mark: a transaction run again after a commit it was told had failed
  // finds its own claim, not another's.
  const claimId = randomUUID();
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    const mail = parseDocument(mailSchema, snapshot.data(), ref.id);
    if (mail.status === 'sending' && mail.claimId === claimId) return mail;
    const abandoned =
      mail.status === 'sending' &&
      (mail.claimedAt?.getTime() ?? 0) < now.getTime() - STALE_CLAIM_MS;
    if (mail.status !== 'pending' && !abandoned) return null;
    tx.update(ref, { status: 'sending', claimedAt: now, claimId });
    return mail;
  });
}

/** Records a sent e-mail, trying the write again: the e-mail itself is never sent twice. */
async function recordSent(ref: DocumentReference, attempts: number): Promise<void> {
  for (let write = 0; ; write += 1) {
    try {
      await ref.update({ status: 'sent', attempts, sentAt: new Date(), lastError: null });
      return;
    } catch (error) {
      if (write === MAIL_RETRIES) throw error;
      await sleep(retryDelay(write));
    }
  }
}

/**
 * Sends one queued e-mail as `mailAsSent` words it (the shop's name, the company line),
 * retrying with back-off, and records the delivery or the final error on its document. It is
 * claimed first (claimMail), so a second delivery of the trigger sends nothing; once the SMTP
 * server took it, only its record is written again if that fails, never the e-mail.
 */
export async function deliverMail(
  db: Firestore,
  ref: DocumentReference,
  sender?: MailSender,
): Promise<void> {
  const mail = await claimMail(db, ref, new Date());
  if (!mail) return;
  const [{ transporter, from }, settings] = await Promise.all([
    sender ?? mailSender(db),
    readSiteSettings(db),
  ]);
  const { subject, text, html } = mailAsSent(mail, settings);
  let lastError = '';
  for (let attempt = 0; attempt <= MAIL_RETRIES; attempt += 1) {
    if (attempt > 0) await sleep(retryDelay(attempt - 1));
    try {
      await transporter.sendMail({ from, to: mail.to, subject, text, html });
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await ref.update({ attempts: attempt + 1, lastError });
      continue;
    }
    await recordSent(ref, attempt + 1);
    return;
  }
  await ref.update({ status: 'failed', lastError });
}
