import { z } from 'zod';
import { PUSH_MESSAGES } from '../push';
import { answer, defineCallable } from './contract';

/**
 * `removeDevice`: stops push to one of the caller's devices (the settings list, and signing
 * out on this browser). Any signed-in account may remove its own, in maintenance mode too, so
 * signing out always can; a device that is not the caller's (or no longer there) is not found.
 */
/** A push device's id (a hash of its token), as `registerDevice` answers it. */
export const deviceIdSchema = z.string().regex(/^[a-f0-9]{40}$/, PUSH_MESSAGES.deviceNotFound);

export const removeDeviceInput = z.object({ deviceId: deviceIdSchema }).strict();
export type RemoveDeviceInput = z.infer<typeof removeDeviceInput>;

export const removeDeviceContract = defineCallable({
  name: 'removeDevice',
  access: 'signedIn',
  input: removeDeviceInput,
  output: answer<{ removed: true }>(),
});
