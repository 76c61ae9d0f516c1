import { CALLABLES, type ConfirmEmailChangeOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { confirmEmailChange as applyEmailChange } from '../services/auth/credentials';

/** The e-mail change link (anyone holding it): Auth and the profile change together. */
export const confirmEmailChange = onCallable(
  CALLABLES.confirmEmailChange,
  async (input): Promise<ConfirmEmailChangeOutput> => ({
    email: await applyEmailChange(db, auth, input.oobCode),
  }),
);
