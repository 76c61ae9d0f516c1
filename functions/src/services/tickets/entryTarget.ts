import {
  ShopError,
  isRefusal,
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
import { entryBar, type EntryBar } from '../protection/protection';
import { ensureDrawCommitment } from '../draws/commitment';

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
  refuseBarred(await entryBar(db, userId, now));
  if (!raffle.active) throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.notActive);
  // A raffle drawn on sell-out has closed even before its end date.
  if (hasEnded(raffle, now) || !hasStarted(raffle, now) || raffle.drawStatus !== 'pending') {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended);
  }
  // No entry is taken before the draw's commitment is published (as at checkout): the trigger
  // that publishes it when the raffle goes live may not have run yet, or may have failed.
  if (!raffle.drawCommitment) raffle.drawCommitment = await ensureDrawCommitment(db, raffle.id);
  return { raffle, profile };
}

const BARRED: Record<EntryBar, string> = {
  deleting: MANUAL_ENTRY_MESSAGES.userDeleting,
  banned: MANUAL_ENTRY_MESSAGES.userBanned,
  onBreak: MANUAL_ENTRY_MESSAGES.userOnBreak,
  underAge: MANUAL_ENTRY_MESSAGES.userUnderAge,
};

/** Refuses an administrator's tickets to a barred account, in the administrator's words. */
export function refuseBarred(bar: EntryBar | null): void {
  if (bar) throw new ShopError('failed-precondition', BARRED[bar], 'entry-barred', { bar });
}

/** The bar a refusal of refuseBarred names, or null for any other error. */
export function barOf(error: unknown): EntryBar | null {
  const bar = isRefusal(error, 'entry-barred') ? error.extra?.bar : null;
  return typeof bar === 'string' && bar in BARRED ? (bar as EntryBar) : null;
}

/**
 * The reservation's check of an administrator's entry (reserveTickets' `checkLimits`): the
 * account is checked again after the customer's checkout lock is read, so a ban or a play break
 * that starts while the entry is being reserved (each moves that lock) refuses it. No money is
 * taken, so nothing goes on a credit card.
 */
export const entrantCheck = (db: Firestore, userId: string, now: Date, email?: string) => () =>
  entryBar(db, userId, now, { email }).then((bar) => {
    refuseBarred(bar);
    return { creditCardAllowance: null };
  });

/** Refusals of the pool worded for an administrator entering tickets for someone. */
export const ADMIN_RESERVE_MESSAGES = {
  freeOnlyOne: MANUAL_ENTRY_MESSAGES.freeOnlyOne,
  freeHeld: MANUAL_ENTRY_MESSAGES.freeHeld,
  perUserMax: MANUAL_ENTRY_MESSAGES.perUserMax,
  soldOut: MANUAL_ENTRY_MESSAGES.noneLeft,
  onlyLeft: MANUAL_ENTRY_MESSAGES.onlyAvailable,
};
