import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** Granting and removing administrator rights. */
export const USER_ADMIN_MESSAGES = {
  granted: 'User admin status granted successfully',
  removed: 'User admin status removed successfully',
  updateFailed: 'Failed to update user admin status',
  setFailed: 'Failed to set user as admin',
  notSelf: 'You cannot remove your own administrator rights',
  noAccount: 'This user has no sign-in account',
  notBanned: 'Unban this user before making them an administrator',
  notConfirmed:
    'This user has not confirmed their e-mail address: they cannot be an administrator yet',
  /** Auth's address is not the profile's: it was put on the account past the shop. */
  addressChangedOutside:
    "This user's e-mail address was changed outside RaffleWin and may not be theirs: they cannot be an administrator until support has looked at the account",
  /**
   * Another administrator's change of this account's rights (or staff mark) is being saved:
   * one at a time, so neither undoes the other (`claimChanges`).
   */
  busy: "Another change to this user's rights is being saved: please try again in a moment",
  /** Said wherever the right changes: the claim lives in the ID token. */
  appliesOnRefresh:
    "A granted right takes effect when the user's sign-in refreshes (within an hour, or at their next sign-in); a removed one signs them out everywhere at once.",
} as const;

/**
 * A change of the right that never reached the server (a network failure) is sent again, up to
 * 3 more times: 2 s, 4 s and 8 s later. A refusal is never sent again.
 */
export const ADMIN_SET_RETRY = { retries: 3, initialDelayMs: 2000 } as const;

/**
 * `setUserAdmin` (administrators): sets (`admin` true) or clears the `admin` custom claim. An
 * administrator cannot remove their own right, so the shop cannot lose its last one by mistake.
 */
export const setUserAdminInput = z.object({ uid: idSchema, admin: z.boolean() }).strict();
export type SetUserAdminInput = z.infer<typeof setUserAdminInput>;

export interface SetUserAdminOutput {
  uid: string;
  isAdmin: boolean;
}

export const setUserAdminContract = defineCallable({
  name: 'setUserAdmin',
  access: 'admin',
  input: setUserAdminInput,
  output: answer<SetUserAdminOutput>(),
});
