import {
  PUSH_MESSAGES,
  SHOP_PAGES,
  SAVED_ENDING_SOON_MS,
  isLive,
  isOnBreak,
  isSoldOut,
  endingSoonSentPath,
  notificationsPath,
  type NotificationData,
  protectionPath,
  savedRafflesCollection,
  userPath,
  withCarriedBreak,
} from '@rafflewin/domain';
import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { rafflesRef } from '../../lib/collections';
import { isAlreadyExists, retryTransient } from '../../lib/firestore';
import { notificationData } from '../notifications/notify';
import { knownUnderAge, protectionFrom } from '../protection/protection';
import { carriedBreaks } from '../protection/selfExclusion';

/** Saved raffles read at a time. */
const PAGE = 300;

/** One "ending soon" notice per customer per raffle, whoever or whenever it is written. */
export const endingSoonNoticeId = (raffleId: string) => `ending-soon-${raffleId}`;

/**
 * Tells everyone who saved a live raffle closing within a day that it is ending soon: an
 * in-app notification of kind `endingSoon` (pushed to their devices when they chose push) with
 * a fixed id and a record of it kept apart (which the customer cannot delete), so each customer
 * hears once per raffle however often this runs, even after deleting the notice. Sold-out raffles
 * and customers on a break from play are left alone: it is an invitation to buy.
 */
export async function notifySavedRafflesEndingSoon(
  db: Firestore,
  now = new Date(),
): Promise<{ raffles: number; notified: number }> {
  const closing = await rafflesRef(db)
    .where('endDate', '>', now)
    .where('endDate', '<=', new Date(now.getTime() + SAVED_ENDING_SOON_MS))
    .get();
  const raffles = closing.docs
    .map((doc) => doc.data())
    .filter((raffle) => raffle.active && !raffle.cancelledAt && isLive(raffle, now))
    .filter((raffle) => !isSoldOut(raffle));
  let notified = 0;
  for (const raffle of raffles) {
    const notice = notificationData(
      {
        type: 'raffle',
        kind: 'endingSoon',
        title: PUSH_MESSAGES.endingSoonTitle,
        message: PUSH_MESSAGES.endingSoon(raffle.name),
        link: SHOP_PAGES.raffle(raffle.id),
      },
      now,
    );
    let after: QueryDocumentSnapshot | null = null;
    for (;;) {
      let query = db
        .collectionGroup(savedRafflesCollection)
        .where('raffleId', '==', raffle.id)
        .orderBy(FieldPath.documentId())
        .select()
        .limit(PAGE);
      if (after) query = query.startAfter(after);
      const saved = await query.get();
      if (saved.empty) break;
      after = saved.docs[saved.docs.length - 1]!;
      const uids = saved.docs.map((doc) => doc.ref.parent.parent!.id);
      const [protections, profiles] = await Promise.all([
        db.getAll(...uids.map((uid) => db.doc(protectionPath(uid)))),
        db.getAll(...uids.map((uid) => db.doc(userPath(uid))), {
          fieldMask: ['email', 'banned', 'dateOfBirth'],
        }),
      ]);
      // A break the address carries from a deleted account counts too.
      const carried = await carriedBreaks(
        db,
        profiles.map((profile) => profile.get('email') as string | undefined),
      );
      const sent = await Promise.all(
        uids.map((uid, index) => {
          const protection = withCarriedBreak(protectionFrom(protections[index]!), carried[index]!);
          // An invitation to buy: not for a customer on a break, banned, or known to be under 18.
          const profile = profiles[index]!;
          const barred =
            profile.get('banned') === true ||
            knownUnderAge(profile.get('dateOfBirth') as string | undefined, now);
          if (barred || isOnBreak(protection, now)) return false;
          return noticeOnce(db, uid, raffle.id, notice, now);
        }),
      );
      notified += sent.filter(Boolean).length;
      if (saved.size < PAGE) break;
    }
  }
  return { raffles: raffles.length, notified };
}

/**
 * Writes the notice with the record that it was sent, both or neither: true when this call
 * wrote them. The record stays when the customer deletes the notice, so it is not sent again.
 * (A notice from before the record existed refuses the pair alike.)
 */
async function noticeOnce(
  db: Firestore,
  uid: string,
  raffleId: string,
  notice: NotificationData,
  now: Date,
): Promise<boolean> {
  // A new batch each try: a batch once committed cannot be committed again.
  const commit = () =>
    db
      .batch()
      .create(db.doc(endingSoonSentPath(uid, raffleId)), { raffleId, sentAt: now })
      .create(db.collection(notificationsPath(uid)).doc(endingSoonNoticeId(raffleId)), notice)
      .commit();
  try {
    await retryTransient(commit);
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}
