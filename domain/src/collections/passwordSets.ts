import { z } from 'zod';

/**
 * `passwordSets/{uid}`: when Firebase Auth last set the account's password through the shop
 * (sign-up, change, reset). Firebase Auth's own API sets a password with a session alone (no
 * current password, none of the shop's rules, no alert, no end of other sessions), and its own
 * reset e-mail sets one past the shop too; a later time at Auth shows it. Functions only.
 */
export const passwordSetsCollection = 'passwordSets';

export const passwordSetSchema = z.object({
  /** Firebase Auth's `passwordUpdatedAt` (ms) when the shop last set the password; null: none. */
  authPasswordSetAt: z.number().nullable(),
  /**
   * The later `passwordUpdatedAt` set past the shop whose sessions were already ended and whose
   * owner was already told, so a second sign-in attempt does neither again.
   */
  outsideSetAt: z.number().nullable().default(null),
});
export type PasswordSetData = z.infer<typeof passwordSetSchema>;
