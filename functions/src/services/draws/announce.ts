import {
  DRAW_NOTICES,
  drawPagePath,
  drawsCollection,
  mailCollection,
  notificationsPath,
  type DrawNotice,
  SHOP_NAME_PLACEHOLDER,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { siteUrl } from '../auth/links';
import { queuedMail } from '../mail/templates';
import { notificationData, recipientsOf } from '../notifications/notify';
import { activeTicketPages } from './entries';
import { createOnce, isAlreadyExists } from '../../lib/firestore';

/** One notification per customer per draw, whoever writes it (the draw, or the announcement). */
export const drawNoticeId = (raffleId: string) => `draw-${raffleId}`;

/** The e-mail text of a draw notice: the notification, and where to check the draw. */
export function drawNoticeMail(notice: DrawNotice, raffleId: string): string {
  return (
    `${notice.message}\n\nYou can check the draw yourself: ${siteUrl()}${drawPagePath(raffleId)}` +
    `\n\n${SHOP_NAME_PLACEHOLDER}`
  );
}

/** Entrants looked up at a time (profiles and settings, read with `getAll`). */
const LOOKUP = 100;

/**
 * Every customer holding an active ticket in the raffle, once each, but the winning one's
 * (`winning` null: nobody won).
 */
async function entrantsOf(
  db: Firestore,
  raffleId: string,
  winning: number | null,
): Promise<string[]> {
  const uids = new Set<string>();
  let winner: string | null = null;
  for await (const page of activeTicketPages(db, raffleId)) {
    for (const ticket of page) {
      const uid = String(ticket.get('userId'));
      uids.add(uid);
      if (ticket.get('ticketNumber') === winning) winner = uid;
    }
  }
  if (winner) uids.delete(winner);
  return [...uids];
}

export interface Announcement {
  /** Entrants told in the app by this run. */
  notified: number;
  /** Of them, those e-mailed (e-mail notifications on). */
  emailed: number;
}

/**
 * Tells every entrant of a drawn raffle other than the winner (who heard from the draw itself)
 * the result, or that nobody won when no entry was eligible (every one a wrong answer or
 * staff's), in the app with a link to the draw's verification page, and by e-mail when their
 * e-mail notifications are on. Runs when the draw record is created; every write has a fixed
 * id and is a create, so a redelivered event tells nobody twice and leaves read ones read.
 * Entrants whose account was deleted are skipped.
 */
export async function announceDrawResult(
  db: Firestore,
  raffleId: string,
  now = new Date(),
): Promise<Announcement> {
  const result: Announcement = { notified: 0, emailed: 0 };
  const record = (await db.collection(drawsCollection).doc(raffleId).get()).data();
  const winning = (record?.winningTicketNumber as number | null | undefined) ?? null;
  const raffleName = String(record?.raffleName);
  const notice =
    record?.status === 'drawn' && winning !== null
      ? DRAW_NOTICES.entrant(raffleName, winning, String(record.winnerName))
      : record?.status === 'no-entries'
        ? DRAW_NOTICES.noEligibleEntries(raffleName)
        : null;
  if (!notice) return result;
  const uids = await entrantsOf(db, raffleId, winning);
  const notification = notificationData(
    {
      type: 'raffle',
      kind: 'draw',
      title: notice.title,
      message: notice.message,
      link: drawPagePath(raffleId),
    },
    now,
  );
  const mail = (to: string) =>
    queuedMail(to, notice.subject, drawNoticeMail(notice, raffleId), null, now);

  const writer = db.bulkWriter();
  writer.onWriteError((error) => !isAlreadyExists(error) && error.failedAttempts < 5);
  const writes: Array<Promise<void>> = [];
  const count = (key: keyof Announcement) => (created: boolean) => {
    if (created) result[key] += 1;
  };
  for (let start = 0; start < uids.length; start += LOOKUP) {
    const chunk = uids.slice(start, start + LOOKUP);
    const recipients = await recipientsOf(db, chunk, { kind: 'draw' });
    chunk.forEach((uid, index) => {
      const { exists, email } = recipients[index]!;
      if (!exists) return;
      const ref = db.collection(notificationsPath(uid)).doc(drawNoticeId(raffleId));
      writes.push(createOnce(writer, ref, notification).then(count('notified')));
      // The e-mail has its own fixed id: a run cut off between the two still sends it.
      if (!email) return;
      const mailRef = db.collection(mailCollection).doc(`${drawNoticeId(raffleId)}-${uid}`);
      writes.push(createOnce(writer, mailRef, mail(email)).then(count('emailed')));
    });
  }
  await writer.close();
  await Promise.all(writes);
  return result;
}
