/** Accounts for the suites: created through the Admin SDK and signed in, with an ID token. */
import { ADMIN_CLAIM, DEFAULT_PROTECTION, protectionPath, userPath } from '@rafflewin/domain';
import type { UserRecord } from 'firebase-admin/auth';
import { adminAuth, adminDb, uniqueEmail } from './admin';
import { claimsOf, signInWithCustomToken, signInWithPassword } from './authRest';
import type { Caller as ServiceCaller } from '../../functions/src/lib/access';
import type { Caller } from './callables';
import { FUNCTIONS_IN_PROCESS, TEST_PROJECT_ID } from './project';
import { fireUserCreated } from './triggers';

export { call, callOk, callRaw, functionUrl, type CallResult } from './callables';

export type Customer = Caller;

/** The password of every account newCustomer creates (for signing in through the browser). */
export const TEST_PASSWORD = 'Str0ng!pass';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An ID token as the Auth emulator issues them (unsigned), for this file's project: the
 * in-process suites' project has no sign-in endpoint of its own (the emulator's REST sign-in
 * serves the default project), so its tokens are made here from the account as it is now.
 */
export function mintIdToken(
  user: UserRecord,
  authTime = Math.floor(Date.now() / 1000),
  developerClaims: Record<string, unknown> = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    ...user.customClaims,
    ...developerClaims,
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: authTime,
    user_id: user.uid,
    sub: user.uid,
    iat: now,
    exp: now + 3600,
    ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
    firebase: {
      identities: user.email ? { email: [user.email] } : {},
      sign_in_provider: 'password',
    },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/**
 * Signs an existing account in again: a new ID token with its current claims and a new
 * sign-in time (as after a password sign-in in the browser). In-process, `authTime` (seconds)
 * sets when that sign-in happened.
 */
export async function signInAgain(
  account: { uid: string; email: string },
  { password = TEST_PASSWORD, authTime }: { password?: string; authTime?: number } = {},
): Promise<Customer> {
  if (FUNCTIONS_IN_PROCESS) {
    return { ...account, idToken: mintIdToken(await adminAuth.getUser(account.uid), authTime) };
  }
  const session = await signInWithPassword(account.email, password);
  return { ...account, idToken: session.idToken };
}

/**
 * Signs in with a custom token the server answered (as the browser's
 * `signInWithCustomToken`): its developer claims ride in the ID token.
 */
export async function signInWithToken(customToken: string): Promise<Customer> {
  if (FUNCTIONS_IN_PROCESS) {
    // The Admin SDK's emulator tokens are unsigned JWTs: { uid, claims }.
    const { uid, claims } = JSON.parse(
      Buffer.from(customToken.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { uid: string; claims?: Record<string, unknown> };
    const user = await adminAuth.getUser(uid);
    return { uid, email: user.email!, idToken: mintIdToken(user, undefined, claims) };
  }
  const { idToken } = await signInWithCustomToken(customToken);
  const user = await adminAuth.getUser(String(claimsOf(idToken).user_id));
  return { uid: user.uid, email: user.email!, idToken };
}

/**
 * Creates an account with a profile and signs it in (an ID token for callables).
 * `admin: true` grants the admin claim first, so the token carries it; `accountCredit` starts
 * the account with that much credit (pence).
 */
export async function newCustomer(
  firstName = 'Test',
  lastName = 'Buyer',
  {
    admin = false,
    spendLimitChosen = true,
    email = uniqueEmail(firstName.toLowerCase()),
    accountCredit,
  }: { admin?: boolean; spendLimitChosen?: boolean; email?: string; accountCredit?: number } = {},
): Promise<Customer> {
  // Verified: money paths refuse accounts whose e-mail is not confirmed (requireCustomer).
  const user = await adminAuth.createUser({
    email,
    password: TEST_PASSWORD,
    displayName: `${firstName} ${lastName}`,
    emailVerified: true,
  });
  if (FUNCTIONS_IN_PROCESS) await fireUserCreated(user);
  if (admin) await adminAuth.setCustomUserClaims(user.uid, { [ADMIN_CLAIM]: true });
  const now = new Date();
  const writes = [
    adminDb.doc(userPath(user.uid)).set({
      email,
      username: null,
      bio: null,
      firstName,
      lastName,
      phoneNumber: null,
      dateOfBirth: '1990-01-01',
      banned: false,
      ...(accountCredit === undefined ? {} : { accountCredit }),
      createdAt: now,
      updatedAt: now,
    }),
  ];
  // Most suites buy straight away: as if the customer had already chosen "no limit" at their
  // first purchase (tests of the prompt pass spendLimitChosen: false).
  if (spendLimitChosen) {
    writes.push(
      adminDb
        .doc(protectionPath(user.uid))
        .set({ ...DEFAULT_PROTECTION, limitChosenAt: now, updatedAt: now }),
    );
  }
  await Promise.all(writes);
  return signInAgain({ uid: user.uid, email });
}

/** An administrator as the callable wrapper hands them to a service (calling it directly). */
export function asServiceCaller(admin: Customer): ServiceCaller {
  return {
    uid: admin.uid,
    email: admin.email,
    isAdmin: true,
    emailVerified: true,
    authTime: Math.floor(Date.now() / 1000),
    signedInAt: Math.floor(Date.now() / 1000),
    twoFactorKey: '',
  };
}

/** An administrator: an account whose ID token carries the admin claim. */
export function newAdmin(firstName = 'Ada', lastName = 'Admin'): Promise<Customer> {
  return newCustomer(firstName, lastName, { admin: true });
}

/** Many customers, created a few at a time. */
export async function newCustomers(count: number, firstName = 'Test'): Promise<Customer[]> {
  const customers: Customer[] = [];
  while (customers.length < count) {
    const wave = Math.min(10, count - customers.length);
    customers.push(
      ...(await Promise.all(Array.from({ length: wave }, () => newCustomer(firstName)))),
    );
  }
  return customers;
}

/** The account credit `uid` holds now (pence; 0 when none is recorded). */
export async function creditOf(uid: string): Promise<number> {
  return Number((await adminDb.doc(userPath(uid)).get()).get('accountCredit') ?? 0);
}
