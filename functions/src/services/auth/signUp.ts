import {
  ShopError,
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  RATE_LIMITS,
  type signUpInput,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { enforceRateLimit } from '../rateLimit';
import { atLeast, rateLimitMailbox } from './requestInfo';
import { createUserDocuments } from '../users/createUserDocuments';
import { hasCode } from '../../lib/errorCode';
import { keepPassword } from './accountPassword';
import { userByEmail } from './accounts';
import { actionCodeSettings, appLink, LINK_PAGES, siteUrl } from './links';
import { authMails, sendMail } from './mails';
import { siteAccess } from './siteState';

export type SignUpData = z.output<typeof signUpInput>;

/**
 * The least time a sign-up takes to answer, whether it made an account or only e-mailed the
 * address's owner: making one (Auth's account, the profile, the password's time, the link) takes
 * longer, and the difference would tell who has an account as plainly as a message would.
 */
export const SIGN_UP_ANSWER_FLOOR_MS = 2000;

/**
 * Creates an account from the sign-up form: the Auth user (e-mail unverified), its profile
 * with the form's details and its settings, then e-mails a confirmation link. An address
 * that already has an account gets a note instead, and the caller the same answer either
 * way, as late either way (`SIGN_UP_ANSWER_FLOOR_MS`), so sign-up cannot be used to find out
 * who has an account.
 */
export async function signUp(
  db: Firestore,
  auth: Auth,
  input: SignUpData,
  ip: string,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  await checkSignUpAllowed(db, input, ip, now);
  await createOrNotify(db, auth, input, now);
  await atLeast(started, SIGN_UP_ANSWER_FLOOR_MS);
}

async function checkSignUpAllowed(db: Firestore, input: SignUpData, ip: string, now: Date) {
  const site = await siteAccess(db);
  if (site.maintenanceMode) throw new ShopError('failed-precondition', ACCESS_MESSAGES.maintenance);
  if (!site.registrationEnabled) {
    throw new ShopError('failed-precondition', AUTH_MESSAGES.registrationClosed);
  }
  await enforceRateLimit(db, `signup-ip:${ip}`, RATE_LIMITS.signUp, now);
  await enforceRateLimit(
    db,
    `signup-email:${rateLimitMailbox(input.email)}`,
    RATE_LIMITS.signUp,
    now,
  );
}

/** Makes the account, or e-mails the owner of an address that already has one. */
async function createOrNotify(db: Firestore, auth: Auth, input: SignUpData, now: Date) {
  const alreadyRegistered = () =>
    sendMail(db, authMails.alreadyRegistered(input.email, `${siteUrl()}/auth`, now));

  if (await userByEmail(auth, input.email)) return alreadyRegistered();
  const displayName = `${input.firstName} ${input.lastName}`;
  let uid: string;
  try {
    ({ uid } = await auth.createUser({
      email: input.email,
      password: input.password,
      displayName,
      emailVerified: false,
    }));
  } catch (error) {
    // Two sign-ups for one address at once: the other one won.
    if (hasCode(error, 'auth/email-already-exists')) return alreadyRegistered();
    throw error;
  }
  try {
    await createUserDocuments(
      db,
      { uid, email: input.email, displayName },
      {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        dateOfBirth: input.dateOfBirth,
      },
    );
    // The password's time at Auth: a later one is a password set past the shop.
    await keepPassword(db, auth, uid, input.password);
  } catch (error) {
    // No half-made accounts: without its profile the account is removed again.
    await auth.deleteUser(uid).catch(() => undefined);
    throw error;
  }
  const link = await auth.generateEmailVerificationLink(input.email, actionCodeSettings());
  await sendMail(
    db,
    authMails.verifyEmail(input.email, appLink(link, LINK_PAGES.verifyEmail), now),
  );
}
