import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** Marking an account as staff (claims.ts `STAFF_CLAIM`), and taking the mark away. */
export const USER_STAFF_MESSAGES = {
  granted: 'Marked as staff: tickets issued to this account from now on are never drawn',
  removed: 'No longer staff: tickets issued to this account from now on can win',
  updateFailed: 'Failed to update staff status',
  /** What the console says beside the button. */
  explained:
    "Staff (customer service, the operator's family, suppliers' people) may hold tickets, but tickets issued to them are never drawn and cannot win an instant prize. Tickets issued before keep what their holder was then.",
  /** An administrator's tickets are never drawn either, so the mark would change nothing. */
  adminAlready: "An administrator's tickets are never drawn: there is no staff mark to change.",
} as const;

/**
 * `setUserStaff` (administrators): sets (`staff` true) or clears the `staff` custom claim of an
 * account that is not an administrator, keeping its other claims. It only takes away a chance
 * to win, so unlike `setUserAdmin` it asks nothing more of the account. Audited.
 */
export const setUserStaffInput = z.object({ uid: idSchema, staff: z.boolean() }).strict();
export type SetUserStaffInput = z.infer<typeof setUserStaffInput>;

export interface SetUserStaffOutput {
  uid: string;
  isStaff: boolean;
}

export const setUserStaffContract = defineCallable({
  name: 'setUserStaff',
  access: 'admin',
  input: setUserStaffInput,
  output: answer<SetUserStaffOutput>(),
});
