import { AUTH_STORAGE_KEYS } from '@rafflewin/domain';

/**
 * The two-factor challenge a right password leaves for /2fa (this tab only). Apart from the
 * sign-in itself, so the route guards can ask for it without loading Firebase Auth.
 */
export function pendingTwoFactorChallenge(): string | null {
  return sessionStorage.getItem(AUTH_STORAGE_KEYS.twoFactorChallenge);
}

export function holdTwoFactorChallenge(challenge: string): void {
  sessionStorage.setItem(AUTH_STORAGE_KEYS.twoFactorChallenge, challenge);
}

export function forgetTwoFactorChallenge(): void {
  sessionStorage.removeItem(AUTH_STORAGE_KEYS.twoFactorChallenge);
}
