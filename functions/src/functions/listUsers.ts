import { CALLABLES, type ListUsersOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { listUserPage } from '../services/users/listUsers';

/**
 * User Management's table (administrators): one page of users with their last sign-in, admin
 * claim and totals. A read, so nothing is audited.
 */
export const listUsers = onCallable(CALLABLES.listUsers, (input): Promise<ListUsersOutput> =>
  listUserPage(db, auth, input),
);
