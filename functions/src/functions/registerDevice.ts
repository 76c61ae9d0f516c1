import { CALLABLES, RATE_LIMITS } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { registerDevice as register } from '../services/push/devices';
import { enforceRateLimit } from '../services/rateLimit';

/** Stores this browser's push token for the caller ("Notify me on this device"). */
export const registerDevice = onCallable(CALLABLES.registerDevice, async (input, caller) => {
  await enforceRateLimit(db, `register-device:${caller.uid}`, RATE_LIMITS.registerDevice);
  return register(db, caller.uid, input, { signedInAt: caller.signedInAt });
});
