import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `registerDevice`: stores this browser's push token for the caller, after they asked for
 * notifications on it. The same token under another account (a shared computer) moves here.
 */
export const registerDeviceInput = z
  .object({
    token: z.string().trim().min(1).max(4096),
    label: z.string().trim().max(100),
  })
  .strict();
export type RegisterDeviceInput = z.infer<typeof registerDeviceInput>;

export const registerDeviceContract = defineCallable({
  name: 'registerDevice',
  access: 'session',
  input: registerDeviceInput,
  output: answer<{ deviceId: string }>(),
});
