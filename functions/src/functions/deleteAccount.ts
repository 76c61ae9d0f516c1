import {
  CALLABLES,
  ShopError,
  ACCOUNT_MESSAGES,
  type DeleteAccountOutput,
} from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { deleteAccount as deleteEverything } from '../services/account/deleteAccount';
import { isAdminAccount, userByUid } from '../services/auth/accounts';

/**
 * The Danger Zone: deletes the caller's account after they typed DELETE. Personal data is
 * removed; orders and tickets are anonymised (services/account/deleteAccount.ts).
 * Administrators are refused: another administrator removes their rights first, so the shop
 * never deletes its last administrator by accident.
 */
export const deleteAccount = onCallable(
  CALLABLES.deleteAccount,
  async (_input, caller): Promise<DeleteAccountOutput> => {
    // Auth's claims as they are now too: a token from before a promotion does not carry it.
    if (caller.isAdmin || isAdminAccount(await userByUid(auth, caller.uid))) {
      throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.deleteAdmin);
    }
    await deleteEverything(db, auth, caller.uid, caller.email);
    return { deleted: true };
  },
);
