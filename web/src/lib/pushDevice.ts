/**
 * Push on this device: the browser's permission, its FCM registration token, and the device
 * record the `registerDevice` callable keeps for the account. Under the emulators (a `demo-`
 * project) FCM cannot be reached, so the token is a stand-in kept in this browser; the
 * functions' messaging port records what would have been sent to it (functions/src/services/
 * push/messaging.ts). Firebase Messaging loads only when someone turns push on.
 */
import { PUSH_MESSAGES, STORAGE_KEYS, ShopError } from '@rafflewin/domain';
import { call } from './callables';
import { firebaseApp, usesEmulators } from './firebase';
import { serviceWorkerRegistration } from './serviceWorker';

/** The public VAPID key of the project's Cloud Messaging web configuration. */
const VAPID_KEY = import.meta.env.VITE_FIREBASE_VAPID_KEY;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'Notification' in window &&
    'PushManager' in window
  );
}

/** The id of this browser's device record, when push is on here. */
export function thisDeviceId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.pushDevice);
}

/** The first name whose pattern the user agent matches, in order (Edge says Chrome too). */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const nameIn = (userAgent: string, names: Array<[RegExp, string]>, otherwise: string) =>
  names.find(([pattern]) => pattern.test(userAgent))?.[1] ?? otherwise;

/** "Chrome on Android": what the device list calls this browser. */
export function deviceLabel(userAgent = navigator.userAgent): string {
  return `${nameIn(userAgent, BROWSERS, 'Browser')} on ${nameIn(userAgent, SYSTEMS, 'another system')}`;
}

async function deviceToken(registration: ServiceWorkerRegistration): Promise<string> {
  if (usesEmulators) {
    let token = localStorage.getItem(STORAGE_KEYS.emulatorPushToken);
    if (!token) {
      token = `emulator-${crypto.randomUUID()}`;
      localStorage.setItem(STORAGE_KEYS.emulatorPushToken, token);
    }
    return token;
  }
  if (!VAPID_KEY) throw new ShopError('failed-precondition', PUSH_MESSAGES.unsupported);
  const { getMessaging, getToken } = await import('firebase/messaging');
  return getToken(getMessaging(firebaseApp), {
    vapidKey: VAPID_KEY,
    serviceWorkerRegistration: registration,
  });
}

/**
 * Asks the browser's permission (the person has just pressed the button), then registers this
 * device for the signed-in account. Throws a ShopError worded for the person when it cannot.
 */
export async function enablePushOnThisDevice(): Promise<string> {
  if (!pushSupported()) throw new ShopError('failed-precondition', PUSH_MESSAGES.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new ShopError('permission-denied', PUSH_MESSAGES.denied);
  const registration = await serviceWorkerRegistration();
  const token = await deviceToken(registration);
  const { deviceId } = await call('registerDevice', { token, label: deviceLabel() });
  localStorage.setItem(STORAGE_KEYS.pushDevice, deviceId);
  return deviceId;
}

/** Stops push to a device of the account (this one forgets its id when it is this one). */
export async function removePushDevice(deviceId: string): Promise<void> {
  await call('removeDevice', { deviceId });
  if (thisDeviceId() === deviceId) localStorage.removeItem(STORAGE_KEYS.pushDevice);
}

/**
 * Ends this browser's push subscription, so that nothing sent to its old token reaches it any
 * more, and closes the notifications on screen. It needs no network (the subscription is the
 * browser's own): a sign-out that cannot reach the server leaves the account's device record,
 * but pushes to it then fail, and the server drops the record at its next send. Turning push
 * on again subscribes afresh, with a new token. Under the emulators the token is the stand-in
 * this browser keeps, which is forgotten the same way.
 */
async function endPushSubscription(): Promise<void> {
  if (usesEmulators) localStorage.removeItem(STORAGE_KEYS.emulatorPushToken);
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  for (const shown of await registration.getNotifications()) shown.close();
}

/**
 * At sign-out: stops push to this browser for the account leaving it. Its subscription ends
 * here whatever the network does; the device record goes too, best effort and never longer
 * than a few seconds: signing out must not wait on the network.
 */
export async function forgetThisDevice(): Promise<void> {
  const deviceId = thisDeviceId();
  if (!deviceId) return;
  localStorage.removeItem(STORAGE_KEYS.pushDevice);
  await endPushSubscription().catch((error: unknown) =>
    console.warn('This browser’s push subscription could not be ended', error),
  );
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 3000));
  await Promise.race([call('removeDevice', { deviceId }).then(() => undefined), timeout]).catch(
    (error: unknown) => console.warn('This device could not be removed from push', error),
  );
}
