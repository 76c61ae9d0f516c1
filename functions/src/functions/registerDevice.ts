import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { registerDevice as register } from '../services/push/devices';

/** Stores this browser's push token for the caller ("Notify me on this device"). */
export const registerDevice = onCallable(CALLABLES.registerDevice, (input, caller) =>
  register(db, caller.uid, input),
);
