import { ACCOUNT_MESSAGES, deleteAccountInput, type DeleteAccountOutput } from '@rafflewin/domain';
import { HttpsError } from 'firebase-functions/v2/https';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { deleteAccount as deleteEverything } from '../services/account/deleteAccount';
import { requireCurrentSession } from '../services/account/session';

/**
 * The Danger Zone: deletes the caller's account after they typed DELETE. Personal data is
 * removed; orders and tickets are anonymised (services/account/deleteAccount.ts).
 * Administrators are refused: another administrator removes their rights first, so the shop
 * never deletes its last administrator by accident.
 */
export const deleteAccount = validatedOnCall(
  deleteAccountInput,
  async (_input, request): Promise<DeleteAccountOutput> => {
    const caller = await requireCurrentSession(auth, request);
    if (caller.isAdmin) throw new HttpsError('failed-precondition', ACCOUNT_MESSAGES.deleteAdmin);
    await deleteEverything(db, auth, caller.uid, caller.email);
    return { deleted: true };
  },
);
