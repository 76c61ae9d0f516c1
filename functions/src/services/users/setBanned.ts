import { ShopError, USER_BAN_MESSAGES, USER_LIST_MESSAGES } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { endSessions } from '../account/session';
import { moveCheckoutLock, releaseOpenCheckouts } from '../checkout/release';
import { recordAudit } from '../admin/audit';
import { profileRef } from '../../lib/collections';
import { isAdminAccount, userByUid } from '../auth/accounts';

/**
 * Bans (with a reason) or unbans an account. A ban disables the Auth account (no new
 * sign-ins), revokes its refresh tokens (sessions end at their next refresh) and marks the
 * profile, which the security rules and `requireCustomer` check so the account is locked out
 * at once, even while an ID token issued before the ban is still valid. Unbanning enables
 * the account and clears the mark.
 *
 * The Auth changes come first, being the ones that keep the person out; the profile and the
 * audit entry follow in one transaction. Running it again completes a half-applied change.
 */
export async function setBan(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  uid: string,
  ban: { banned: boolean; reason: string | null },
  now = new Date(),
): Promise<void> {
  if (ban.banned && uid === admin.uid) {
    throw new ShopError('failed-precondition', USER_BAN_MESSAGES.notSelf);
  }
  const profileDoc = profileRef(db, uid);
  const [account, profile] = await Promise.all([userByUid(auth, uid), profileDoc.get()]);
  if (!account && !profile.exists) {
    throw new ShopError('not-found', USER_LIST_MESSAGES.userNotFound);
  }
  if (ban.banned && isAdminAccount(account)) {
    throw new ShopError('failed-precondition', USER_BAN_MESSAGES.notAdmin);
  }
  if (account) {
    await auth.updateUser(uid, { disabled: ban.banned });
    // A grant at the same moment read the account before it was disabled (setAdminRight checks
    // again after it sets the claim): one of the two sees the other.
    if (ban.banned && isAdminAccount(await userByUid(auth, uid))) {
      await auth.updateUser(uid, { disabled: account.disabled });
      throw new ShopError('failed-precondition', USER_BAN_MESSAGES.notAdmin);
    }
    if (ban.banned) await endSessions(db, auth, uid);
  }
  const mark = ban.banned
    ? { banned: true, banReason: ban.reason, bannedAt: now, bannedBy: admin.uid }
    : { banned: false, banReason: null, bannedAt: null, bannedBy: null };
  await db.runTransaction(async (tx) => {
    const current = (await tx.get(profileDoc)).data();
    if (current) tx.update(profileDoc, { ...mark, updatedAt: now });
    // A reservation being made at this moment fails and checks again (and finds the ban).
    if (ban.banned) moveCheckoutLock(tx, db, uid, now);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: ban.banned ? 'user.ban' : 'user.unban',
        target: profileDoc.path,
        before: {
          banned: current?.banned === true,
          banReason: current?.banReason ?? null,
          disabled: account?.disabled ?? null,
        },
        after: { banned: ban.banned, banReason: mark.banReason, disabled: ban.banned },
      },
      now,
    );
  });
  // Nothing more can be paid for: open payment pages close and held tickets go back.
  if (ban.banned) await releaseOpenCheckouts(db, uid, 'suspended', now);
}
