import { mailCollection, mailSchema, parseDocument, type MailData } from '@rafflewin/domain';
import type {
  CollectionReference,
  DocumentReference,
  Firestore,
  QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { readSiteSettings } from '../../lib/collections';
import { mailAsSent } from './templates';
import { recipientsOf } from '../notifications/notify';
import { mailSender, type MailSender } from './transport';

/** Retries after the first attempt, and the back-off. */
export const MAIL_RETRIES = 3;
/** Attempts in all, over the outbox's redeliveries (redeliverMail), before one is undeliverable. */
export const MAIL_MAX_ATTEMPTS = 40;
/** How long the outbox goes on trying an e-mail: later, what it says may be out of date. */
const REDELIVER_FOR_MS = 24 * 60 * 60_000;
/** A pending e-mail this old has had its trigger's delivery (or lost it). */
const PENDING_GRACE_MS = 2 * 60_000;
/** E-mails redelivered per run, a few at a time. */
const REDELIVER_BATCH = 50;
const REDELIVER_CONCURRENCY = 5;
/** Looks at the outbox again at most this often in a run, after marking e-mails undeliverable. */
const REDELIVER_ROUNDS = 5;
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
  failedToo = false,
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
    const retried = failedToo && mail.status === 'failed' && mail.attempts < MAIL_MAX_ATTEMPTS;
    if (mail.status !== 'pending' && !abandoned && !retried) return null;
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
 * Whether an offer (marketing) delivered later than it was queued is no longer to be sent: its
 * customer has since opted out, started a break, been banned, been found under 18 or changed
 * the address, as the send itself would have asked (recipientsOf). Asked only of a delivery
 * after the first attempt or past the trigger's grace: the send asked just before queueing it.
 */
async function withheldOffer(db: Firestore, mail: MailData, now: Date): Promise<boolean> {
  if (!mail.marketingFor) return false;
  const late = mail.attempts > 0 || now.getTime() - mail.createdAt.getTime() > PENDING_GRACE_MS;
  if (!late) return false;
  const { uid, kind } = mail.marketingFor;
  const [recipient] = await recipientsOf(db, [uid], { kind, marketing: true, now });
  return recipient?.marketingEmail !== mail.to;
}

/**
 * Sends one queued e-mail as `mailAsSent` words it (the shop's name, the company line),
 * retrying with back-off, and records the delivery or the final error on its document. It is
 * claimed first (claimMail), so a second delivery of the trigger sends nothing; once the SMTP
 * server took it, only its record is written again if that fails, never the e-mail. With
 * `failedToo` (the outbox's redelivery) a failed e-mail is tried again too. Answers whether
 * this delivery sent it.
 */
export async function deliverMail(
  db: Firestore,
  ref: DocumentReference,
  sender?: MailSender,
  failedToo = false,
): Promise<boolean> {
  const now = new Date();
  const mail = await claimMail(db, ref, now, failedToo);
  if (!mail) return false;
  if (await withheldOffer(db, mail, now)) {
    await ref.update({ status: 'withheld', lastError: null });
    return false;
  }
  const [{ transporter, from }, settings] = await Promise.all([
    sender ?? mailSender(db),
    readSiteSettings(db),
  ]);
  const { subject, text, html } = mailAsSent(mail, settings);
  let lastError = '';
  for (let attempt = 0; attempt <= MAIL_RETRIES; attempt += 1) {
    if (attempt > 0) await sleep(retryDelay(attempt - 1));
    // Counted over every delivery: a redelivery goes on from the last one's count.
    const attempts = mail.attempts + attempt + 1;
    try {
      await transporter.sendMail({ from, to: mail.to, subject, text, html });
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await ref.update({ attempts, lastError });
      continue;
    }
    await recordSent(ref, attempts);
    return true;
  }
  // Its attempts used up, no redelivery takes it again (redeliverMail).
  const usedUp = mail.attempts + MAIL_RETRIES + 1 >= MAIL_MAX_ATTEMPTS;
  await ref.update({ status: usedUp ? 'undeliverable' : 'failed', lastError });
  return false;
}

/** The outbox's e-mails a redelivery may take, up to `limit` of each kind, oldest first. */
async function outboxToTry(
  outbox: CollectionReference,
  now: Date,
  limit: number,
): Promise<QueryDocumentSnapshot[]> {
  const since = new Date(now.getTime() - REDELIVER_FOR_MS);
  const found = await Promise.all([
    outbox
      .where('status', '==', 'pending')
      .where('createdAt', '<=', new Date(now.getTime() - PENDING_GRACE_MS))
      .where('createdAt', '>=', since)
      .limit(limit)
      .get(),
    outbox
      .where('status', '==', 'sending')
      .where('claimedAt', '<=', new Date(now.getTime() - STALE_CLAIM_MS))
      .limit(limit)
      .get(),
    outbox.where('status', '==', 'failed').where('createdAt', '>=', since).limit(limit).get(),
  ]);
  return found.flatMap((query) => query.docs);
}

/**
 * The outbox's second chance (every few minutes, `redeliverMail`): e-mails whose trigger never
 * sent them (still pending a while after they were queued: a delivery lost, or the emulators
 * stopped with e-mails queued), whose delivery died part-way (a stale claim), or whose SMTP
 * server refused them every time (failed), until they have had MAIL_MAX_ATTEMPTS attempts or
 * a day has passed. Each is claimed as the trigger claims it, so none is sent twice. One that
 * has had its attempts is marked `undeliverable` (if nothing claimed it meanwhile) and the
 * outbox is looked at again: left among the failed, 50 of them filled every run's batch and no
 * other e-mail was tried again that day. Answers how many were sent.
 */
export async function redeliverMail(
  db: Firestore,
  now = new Date(),
  options: { outbox?: CollectionReference; sender?: MailSender } = {},
): Promise<number> {
  const outbox = options.outbox ?? db.collection(mailCollection);
  let sender = options.sender;
  let sent = 0;
  let room = REDELIVER_BATCH;
  const tried = new Set<string>();
  for (let round = 0; round < REDELIVER_ROUNDS && room > 0; round += 1) {
    const found = await outboxToTry(outbox, now, room);
    const usedUp = found.filter((doc) => Number(doc.get('attempts') ?? 0) >= MAIL_MAX_ATTEMPTS);
    await Promise.all(
      usedUp.map((doc) =>
        doc.ref
          .update({ status: 'undeliverable' }, { lastUpdateTime: doc.updateTime })
          .catch(() => undefined),
      ),
    );
    // Each at most once a run: one refused again this run is still failed.
    const due = found
      .filter((doc) => !usedUp.includes(doc) && !tried.has(doc.ref.path))
      .slice(0, room);
    due.forEach((doc) => tried.add(doc.ref.path));
    room -= due.length;
    if (due.length > 0) sender ??= await mailSender(db);
    for (let i = 0; i < due.length; i += REDELIVER_CONCURRENCY) {
      await Promise.all(
        due.slice(i, i + REDELIVER_CONCURRENCY).map(async (doc) => {
          if (await deliverMail(db, doc.ref, sender, true)) sent += 1;
        }),
      );
    }
    if (usedUp.length === 0) break;
  }
  return sent;
}
