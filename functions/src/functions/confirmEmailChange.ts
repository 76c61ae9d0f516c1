import { CALLABLES, type ConfirmEmailChangeOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import {
  limitActionCodes,
  confirmEmailChange as applyEmailChange,
} from '../services/auth/credentials';
import { clientIp } from '../services/auth/requestInfo';

/** The e-mail change link (anyone holding it): Auth and the profile change together. */
export const confirmEmailChange = onCallable(
  CALLABLES.confirmEmailChange,
  async (input, _caller, request): Promise<ConfirmEmailChangeOutput> => {
    await limitActionCodes(db, clientIp(request));
    return { email: await applyEmailChange(db, auth, input.oobCode) };
  },
);
