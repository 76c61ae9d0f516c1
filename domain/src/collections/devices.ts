import { z } from 'zod';

/**
 * `users/{uid}/devices/{deviceId}`: a browser the customer turned push on in. Its FCM
 * registration token is written by the `registerDevice` callable (the id is a hash of the
 * token); the owner reads the list and removes a device with `removeDevice`; nobody else
 * reads it.
 */
export const deviceSchema = z.object({
  /** The owner's uid again, so one collection-group query finds a page of users' devices. */
  uid: z.string().max(128),
  token: z.string().min(1).max(4096),
  /** What the customer sees in the list ("Chrome on Android"). */
  label: z.string().max(100),
  createdAt: z.date(),
  lastUsedAt: z.date(),
});
export type DeviceData = z.infer<typeof deviceSchema>;
export type Device = DeviceData & { id: string };
