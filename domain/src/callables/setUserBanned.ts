import { z } from 'zod';
import { PROFILE_LIMITS } from '../collections/users';
import { idSchema, optionalText } from '../fields';
import { answer, defineCallable } from './contract';

/** Banning and unbanning. */
export const USER_BAN_MESSAGES = {
  banned: 'User banned successfully',
  unbanned: 'User unbanned successfully',
  updateFailed: 'Failed to update user status',
  reasonRequired: 'Please enter a reason for the ban',
  notSelf: 'You cannot ban your own account',
  notAdmin: "Remove this user's administrator rights before banning them",
} as const;

/**
 * `setUserBanned` (administrators): a ban disables the Auth account, revokes its refresh
 * tokens and marks the profile banned with the reason, time and administrator; unbanning
 * reverses it. A ban needs a reason (it is shown to administrators and kept in the audit log).
 * Administrators cannot ban themselves, nor another administrator without first removing
 * their rights: a ban is then always a deliberate two-step act against a colleague.
 */
export const setUserBannedInput = z
  .object({
    uid: idSchema,
    banned: z.boolean(),
    reason: optionalText(PROFILE_LIMITS.banReasonMax),
  })
  .strict()
  .refine((input) => !input.banned || input.reason !== null, {
    message: USER_BAN_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type SetUserBannedInput = z.input<typeof setUserBannedInput>;

export interface SetUserBannedOutput {
  uid: string;
  banned: boolean;
}

export const setUserBannedContract = defineCallable({
  name: 'setUserBanned',
  access: 'admin',
  input: setUserBannedInput,
  output: answer<SetUserBannedOutput>(),
});
