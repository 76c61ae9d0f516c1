import { STAFF_CLAIM, ShopError, USER_STAFF_MESSAGES } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { isAdminAccount } from '../auth/accounts';
import { asOnlyClaimChange } from './claimChange';
import { accountOf, auditClaimOrRestore, claimsWith } from './setAdmin';

/**
 * Sets or clears the `staff` custom claim (claims.ts), keeping the account's other claims: from
 * then on, tickets issued to the account are never drawn and win no instant prize (fulfilment
 * asks the account itself, not its token); tickets issued before keep what they were. An
 * administrator is refused: their tickets are never drawn anyway.
 * The claim is set first, then the audit entry written (`auditClaimOrRestore`), as the
 * account's only change of claims under way (`asOnlyClaimChange`): a right granted at the same
 * moment is never written over with the claims read before it.
 */
export async function setStaffMark(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  uid: string,
  makeStaff: boolean,
  now = new Date(),
): Promise<void> {
  await asOnlyClaimChange(db, uid, async () => {
    const account = await accountOf(auth, uid);
    if (isAdminAccount(account)) {
      throw new ShopError('failed-precondition', USER_STAFF_MESSAGES.adminAlready);
    }
    const previous = account.customClaims ?? {};
    await auth.setCustomUserClaims(uid, claimsWith(previous, STAFF_CLAIM, makeStaff));
    await auditClaimOrRestore(db, auth, admin, uid, previous, now, {
      action: makeStaff ? 'user.markStaff' : 'user.unmarkStaff',
      before: { staff: previous[STAFF_CLAIM] === true },
      after: { staff: makeStaff },
    });
  });
}
