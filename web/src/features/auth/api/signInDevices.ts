import { AUTH_STORAGE_KEYS, SIGN_IN_DEVICES, signInDeviceAccount } from '@rafflewin/domain';

/**
 * This browser's sign-in device tokens (one per account that signed in here, the latest
 * first). A sign-in form sends them, so the server counts this browser's passwords apart from
 * the wrong ones others send for the same account. Unreadable storage reads as none.
 */
export function signInDevices(): string[] {
  try {
    const stored: unknown = JSON.parse(
      localStorage.getItem(AUTH_STORAGE_KEYS.signInDevices) ?? '[]',
    );
    return Array.isArray(stored)
      ? stored
          .filter((token): token is string => typeof token === 'string')
          .filter((token) => signInDeviceAccount(token) !== null)
          .slice(0, SIGN_IN_DEVICES.perBrowser)
      : [];
  } catch {
    return [];
  }
}

/** Keeps the token a completed sign-in answered, in place of the account's earlier one. */
export function rememberSignInDevice(token: string): void {
  const account = signInDeviceAccount(token);
  if (!account) return;
  const others = signInDevices().filter((kept) => signInDeviceAccount(kept) !== account);
  try {
    localStorage.setItem(
      AUTH_STORAGE_KEYS.signInDevices,
      JSON.stringify([token, ...others].slice(0, SIGN_IN_DEVICES.perBrowser)),
    );
  } catch {
    // Storage full or refused: the next sign-in is counted with everyone else's.
  }
}
