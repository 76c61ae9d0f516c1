import { AUTH_STORAGE_KEYS, STORAGE_KEYS, setDisplayTimeZone } from '@rafflewin/domain';
import { loadAuth } from '@/lib/auth';

let signOutRequested = false;

/**
 * True once `signOut` was asked for since the last sign-in: the session ending then is
 * expected, not an expiry. The session provider resets it when someone signs in.
 */
export function signOutWasRequested(): boolean {
  return signOutRequested;
}

export function resetSignOutRequest(): void {
  signOutRequested = false;
  endedBySuspension = false;
}

let endedBySuspension = false;

/**
 * Notes that the session ended because the account was suspended (Auth refused a new token:
 * the account is disabled), so the sign-in page says so rather than "Your session has expired".
 */
export function noteSuspension(): void {
  endedBySuspension = true;
}

/** True when the session that just ended was ended by a suspension. */
export function sessionEndedBySuspension(): boolean {
  return endedBySuspension;
}

/**
 * Local data of the signed-in person. The cart lives in the account and stays
 * there; the cookie choice belongs to the browser and stays too. The skill-question answers
 * and picked numbers go: checkout would send them for whoever signs in next.
 */
export function clearLocalAccountData(): void {
  for (const key of [
    STORAGE_KEYS.guestCart,
    STORAGE_KEYS.timeZone,
    STORAGE_KEYS.answers,
    STORAGE_KEYS.picks,
    AUTH_STORAGE_KEYS.emailForSignIn,
    AUTH_STORAGE_KEYS.passwordResetRetryAt,
  ]) {
    localStorage.removeItem(key);
  }
  sessionStorage.removeItem(AUTH_STORAGE_KEYS.twoFactorChallenge);
  setDisplayTimeZone(null);
}

/** Signs out and clears local data; the caller navigates home afterwards (after 100 ms). */
export async function signOut(): Promise<void> {
  signOutRequested = true;
  // Push to this browser stops for the account leaving it (while it is still signed in).
  if (localStorage.getItem(STORAGE_KEYS.pushDevice)) {
    await (await import('./pushDevice')).forgetThisDevice();
  }
  await (await loadAuth()).signOut();
  clearLocalAccountData();
}
