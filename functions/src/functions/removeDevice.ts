import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { removeDevice as remove } from '../services/push/devices';

/** Stops push to one of the caller's devices (the settings list; signing out on it). */
export const removeDevice = onCallable(CALLABLES.removeDevice, (input, caller) =>
  remove(db, caller.uid, input.deviceId),
);
