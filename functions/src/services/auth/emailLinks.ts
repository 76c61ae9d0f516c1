import { ShopError, AUTH_MESSAGES, RATE_LIMITS, safeRedirectPath } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { enforceRateLimit } from '../rateLimit';
import { hasTwoFactor } from './accountPassword';
import { addressIsTheShops, userByEmail, userByUid } from './accounts';
import { actionCodeSettings, appLink, LINK_PAGES } from './links';
import { authMails, sendMail } from './mails';
import { atLeast, rateLimitMailbox } from './requestInfo';

/**
 * Requests for e-mailed links answer the same, in about the same time, whether or not the
 * address has an account: these floors hide the extra work done when it has one.
 */
const ANSWER_FLOOR_MS = 700;

async function limitLinkRequests(
  db: Firestore,
  kind: string,
  email: string,
  ip: string,
  perAddress: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS],
  now: Date,
  refusal: { sayWhen?: boolean } = {},
) {
  await enforceRateLimit(db, `${kind}-email:${rateLimitMailbox(email)}`, perAddress, now, refusal);
  await enforceRateLimit(db, `links-ip:${ip}`, RATE_LIMITS.emailLinksPerIp, now, refusal);
}

/**
 * E-mails a password-reset link that opens /reset-password, when the address has an account.
 * A refusal by its limits says when to ask again: the form counts down to it.
 */
export async function requestPasswordReset(
  db: Firestore,
  auth: Auth,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  await limitLinkRequests(db, 'reset', email, ip, RATE_LIMITS.passwordReset, now, {
    sayWhen: true,
  });
  const user = await userByEmail(auth, email);
  if (user && !user.disabled && (await addressIsTheShops(db, user.uid, user.email))) {
    const link = await auth.generatePasswordResetLink(email, actionCodeSettings());
    await sendMail(
      db,
      authMails.resetPassword(email, appLink(link, LINK_PAGES.resetPassword), now),
    );
  }
  await atLeast(started, ANSWER_FLOOR_MS);
}

/**
 * E-mails a one-time sign-in link when the address has an account. Addresses without one get
 * nothing: a sign-in link would otherwise create an account that skipped sign-up's checks
 * (age, names, registration open). An account with two-factor on is told to sign in with its
 * password and code instead (Firebase Auth refuses its links: `beforeUserSignedIn`). An
 * account whose address is not confirmed yet gets a password-reset link instead: anyone can
 * sign up with someone else's address, choosing the password and keeping a session, and a
 * sign-in link would confirm the address for them, password and session included; the reset
 * replaces the password and ends every session (`completePasswordReset`).
 */
export async function requestSignInLink(
  db: Firestore,
  auth: Auth,
  email: string,
  redirect: string | null,
  ip: string,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  await limitLinkRequests(db, 'signin-link', email, ip, RATE_LIMITS.magicLink, now);
  const found = await userByEmail(auth, email);
  const user = found && (await addressIsTheShops(db, found.uid, found.email)) ? found : null;
  if (user && !user.disabled && (await hasTwoFactor(db, user.uid))) {
    await sendMail(db, authMails.signInLinkOff(email, now));
  } else if (user && !user.disabled && !user.emailVerified) {
    const link = await auth.generatePasswordResetLink(email, actionCodeSettings());
    await sendMail(
      db,
      authMails.signInLinkUnconfirmed(email, appLink(link, LINK_PAGES.resetPassword), now),
    );
  } else if (user && !user.disabled) {
    const link = await auth.generateSignInWithEmailLink(email, actionCodeSettings(true));
    const extra = redirect ? { redirect: safeRedirectPath(redirect) } : undefined;
    await sendMail(db, authMails.signInLink(email, appLink(link, LINK_PAGES.signIn, extra), now));
  }
  await atLeast(started, ANSWER_FLOOR_MS);
}

/**
 * A new confirmation link for an unconfirmed account. A guest gets the same answer whatever
 * the address; the signed-in owner of the address is told when it is already confirmed
 * (which tells them nothing new).
 */
export async function resendConfirmation(
  db: Firestore,
  auth: Auth,
  email: string,
  caller: Caller | null,
  ip: string,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  await limitLinkRequests(db, 'resend', email, ip, RATE_LIMITS.resendConfirmation, now);
  const owner = caller?.email === email ? await userByUid(auth, caller.uid) : null;
  if (owner?.emailVerified) {
    throw new ShopError('failed-precondition', AUTH_MESSAGES.resendAlreadyConfirmed);
  }
  const user = owner ?? (await userByEmail(auth, email));
  // Not to an address put on the account past the shop (Auth's own API, with a session alone),
  // as no reset or sign-in link goes to one: confirmed, it need not be the owner's.
  const theShops = user ? await addressIsTheShops(db, user.uid, email) : false;
  if (user && theShops && !user.disabled && !user.emailVerified) {
    const link = await auth.generateEmailVerificationLink(email, actionCodeSettings());
    await sendMail(db, authMails.verifyEmail(email, appLink(link, LINK_PAGES.verifyEmail), now));
  }
  if (!owner) await atLeast(started, ANSWER_FLOOR_MS);
}
