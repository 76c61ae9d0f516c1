import { ACCESS_MESSAGES, AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from '@rafflewin/domain';
import { isFirebaseError } from '@/lib/errors';

/**
 * What the shop's blocking function (`beforeUserSignedIn`) answers when it refuses a sign-in.
 * None holds a quotation mark: Auth passes the answer on as JSON text, escaping them.
 */
const SIGN_IN_REFUSALS: readonly string[] = [
  ACCESS_MESSAGES.maintenance,
  AUTH_MESSAGES.addressChangedOutside,
  AUTH_MESSAGES.signInLinkUnconfirmed,
  TWO_FACTOR_MESSAGES.signInThroughShop,
];

/**
 * The shop's words when Firebase Auth refused a sign-in because the shop's blocking function
 * did (maintenance mode, an address changed past the shop, an account with two-factor on
 * signing in by a link, a link for an unconfirmed address): Auth answers an internal error carrying the message, and only once
 * the password, link or token was right. Null for any other error.
 */
export function signInRefusal(error: unknown): string | null {
  if (!isFirebaseError(error) || error.code !== 'auth/internal-error') return null;
  return SIGN_IN_REFUSALS.find((message) => error.message.includes(message)) ?? null;
}

/** True when Firebase Auth refused a sign-in because the site is in maintenance mode. */
export function refusedForMaintenance(error: unknown): boolean {
  return signInRefusal(error) === ACCESS_MESSAGES.maintenance;
}
