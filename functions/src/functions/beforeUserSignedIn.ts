import { ACCESS_MESSAGES, AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import { HttpsError, beforeUserSignedIn as beforeSignIn } from 'firebase-functions/v2/identity';
import { REGION, auth, db } from '../lib/firebase';
import { hasTwoFactor, passwordSetOutside } from '../services/auth/accountPassword';
import { addressIsTheShops } from '../services/auth/accounts';
import { closedForMaintenance } from '../services/auth/siteState';

/** Auth's own sign-ins the shop offers: the password and the e-mailed sign-in link. */
const SHOP_SIGN_IN_METHODS = new Set(['password', 'emailLink']);

/** Whether the account's address was confirmed before this sign-in (false if none is found). */
async function addressConfirmed(authApi: Auth, uid: string): Promise<boolean> {
  const stored = await authApi.getUser(uid).catch(() => null);
  return stored?.emailVerified === true;
}

/** How the person is signing in: the event type's suffix ("…beforeSignIn:password"). */
function signInMethod(eventType: string): string {
  const colon = eventType.lastIndexOf(':');
  return colon < 0 ? '' : eventType.slice(colon + 1);
}

/**
 * Blocking function: Firebase Auth asks it before every sign-in. An account with two-factor
 * on is never signed in by its first factor alone (a password, or an e-mailed link), so no
 * token exists that could change its password or e-mail address or delete it through Auth's
 * own API: the shop checks the password itself (`signInWithPassword`, `signInWithUsername`)
 * and issues a custom token only once the code is checked (`completeTwoFactorSignIn`).
 * Custom-token sign-ins, which only the server can start, pass. Nor is an account signed in by
 * a password Auth set past the shop (`passwordSetOutside`), or by a link while its address is
 * unconfirmed. No sign-in passes, whatever its method, while Auth's address differs from the
 * profile's (changed past the shop). In maintenance mode only administrators sign in,
 * whatever the method: Auth's own password and link sign-ins as much as the shop's (the
 * server's password check reads this refusal, which Auth gives only once the password is
 * right: `checkPassword`; the server mints custom tokens only after the same check).
 */
export const beforeUserSignedIn = beforeSignIn({ region: REGION }, async (event) => {
  const uid = event.data?.uid;
  if (!uid) return;
  // An address changed past the shop (Firebase Auth's API straight, with a session but not
  // the password) signs nobody in, whatever the method, until support has looked at it. Auth
  // asks only once the password is right: the server's password check reads this refusal so,
  // and the shop's sign-in says it only then (passwordSignIn).
  if (!(await addressIsTheShops(db, uid, event.data?.email))) {
    throw new HttpsError('permission-denied', AUTH_MESSAGES.addressChangedOutside);
  }
  if (await closedForMaintenance(db, event.data?.customClaims)) {
    throw new HttpsError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }
  const method = signInMethod(event.eventType);
  if (method === '' || method === 'custom') return;
  // Only the ways in the shop offers: an identity provider or a phone number linked through
  // Auth's own API (a session held for a moment suffices) would be a way back in that "sign
  // out everywhere", a password change and two-factor know nothing of.
  if (!SHOP_SIGN_IN_METHODS.has(method)) {
    throw new HttpsError('permission-denied', AUTH_MESSAGES.authenticationFailed);
  }
  if (await hasTwoFactor(db, uid)) {
    throw new HttpsError('permission-denied', TWO_FACTOR_MESSAGES.signInThroughShop);
  }
  // A link for an address nobody has confirmed: Firebase's own (its API sends one to any
  // address on request; the shop sends such an account a reset link instead). Anyone can sign
  // up with another person's address, keeping the password and a session, and the link would
  // confirm the address for them when its owner opens it. Asked of the stored account: the
  // event's copy may already carry the confirmation the link would give.
  if (method === 'emailLink' && !(await addressConfirmed(auth, uid))) {
    throw new HttpsError('permission-denied', AUTH_MESSAGES.signInLinkUnconfirmed);
  }
  // A password set past the shop (Auth's account API with a session alone, or its own reset
  // e-mail) signs nobody in until the shop's reset sets one; the e-mailed link still does.
  if (
    method === 'password' &&
    (await passwordSetOutside(db, auth, { uid, email: event.data?.email }))
  ) {
    throw new HttpsError('permission-denied', AUTH_MESSAGES.passwordChangedOutside);
  }
});
