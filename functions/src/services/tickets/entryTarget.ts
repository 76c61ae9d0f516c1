import {
  ShopError,
  CHECKOUT_MESSAGES,
  MANUAL_ENTRY_MESSAGES,
  hasEnded,
  hasStarted,
  parseDocument,
  raffleSchema,
  rafflePath,
  userPath,
  userProfileSchema,
  type Raffle,
  type UserProfile,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { isTakingABreak, knownUnderAge } from '../protection/protection';

export interface EntryTarget {
  raffle: Raffle;
  profile: UserProfile;
}

/**
 * The customer and the raffle an administrator enters tickets for. The raffle must be open
 * (active, started, not ended), as for an online entry: tickets added after the close could
 * change a draw. A suspended account, one taking a break from play, or one whose date of birth
 * on record is under 18 gets nothing.
 */
export async function loadEntryTarget(
  db: Firestore,
  userId: string,
  raffleId: string,
  now: Date,
): Promise<EntryTarget> {
  const [raffleSnap, profileSnap] = await Promise.all([
    db.doc(rafflePath(raffleId)).get(),
    db.doc(userPath(userId)).get(),
  ]);
  if (!profileSnap.exists) throw new ShopError('not-found', MANUAL_ENTRY_MESSAGES.userNotFound);
  if (!raffleSnap.exists) throw new ShopError('not-found', MANUAL_ENTRY_MESSAGES.raffleNotFound);
  const profile = parseDocument(userProfileSchema, profileSnap.data(), profileSnap.id);
  const raffle = parseDocument(raffleSchema, raffleSnap.data(), raffleSnap.id);
  if (profile.banned) {
    throw new ShopError('failed-precondition', MANUAL_ENTRY_MESSAGES.userBanned);
  }
  if (await isTakingABreak(db, userId, profile.email, now)) {
    throw new ShopError('failed-precondition', MANUAL_ENTRY_MESSAGES.userOnBreak);
  }
  if (knownUnderAge(profile.dateOfBirth, now)) {
    throw new ShopError('failed-precondition', MANUAL_ENTRY_MESSAGES.userUnderAge);
  }
  if (!raffle.active) throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.notActive);
  // A raffle drawn on sell-out has closed even before its end date.
  if (hasEnded(raffle, now) || !hasStarted(raffle, now) || raffle.drawStatus !== 'pending') {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended);
  }
  return { raffle, profile };
}

/** Refusals of the pool worded for an administrator entering tickets for someone. */
export const ADMIN_RESERVE_MESSAGES = {
  freeOnlyOne: MANUAL_ENTRY_MESSAGES.freeOnlyOne,
  perUserMax: MANUAL_ENTRY_MESSAGES.perUserMax,
  soldOut: MANUAL_ENTRY_MESSAGES.noneLeft,
  onlyLeft: MANUAL_ENTRY_MESSAGES.onlyAvailable,
};
