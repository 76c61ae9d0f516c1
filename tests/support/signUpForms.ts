/** Sign-up forms, caller addresses and site settings for the HTTP suites of the Auth flows. */
import {
  AUTH_MESSAGES,
  RATE_LIMITS,
  SITE_SETTINGS_PATH,
  userPath,
  type SignUpInput,
} from '@rafflewin/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { adminAuth, adminDb, uniqueEmail } from './admin';
import { URLS } from '../../emulators/config';
import { call, callOk, newCustomer, type CallResult, type Customer } from './customers';
import { linkIn, waitForMail } from './mailbox';

/** A fresh caller address per test, so per-IP limits never leak between tests or files. */
let ipCounter = 0;
const runId = Math.floor(Math.random() * 250);
export const freshIp = () => `10.${runId}.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

/** The shop's password sign-in, from an address of its own (no per-IP limit shared). */
export const signInFromFreshIp = (email: string, password: string) =>
  call('signInWithPassword', { email, password }, undefined, { fromIp: freshIp() });

/** The shop's answer to a password Firebase Auth set past it (its API or its reset e-mail). */
export const PASSWORD_CHANGED_OUTSIDE = {
  ok: false,
  status: 'PERMISSION_DENIED',
  message: AUTH_MESSAGES.passwordChangedOutside,
};

/** Sets a new password with the shop's own reset: its e-mail, its page's code, its callable. */
export async function resetThroughShop(email: string, password: string): Promise<void> {
  await callOk('requestPasswordReset', { email }, undefined, { fromIp: freshIp() });
  const mail = await waitForMail(email, 'Reset your RaffleWin password');
  const link = new URL(linkIn(mail, `${URLS.shop}/reset-password?`));
  await callOk('completePasswordReset', {
    oobCode: link.searchParams.get('oobCode')!,
    password,
    confirmPassword: password,
  });
}

export function signUpForm(overrides: Partial<SignUpInput> = {}): SignUpInput {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('Signup'),
    phoneNumber: '+447700900123',
    dateOfBirth: '1990-12-10',
    password: 'Str0ng!pass',
    confirmPassword: 'Str0ng!pass',
    ...overrides,
  };
}

export async function accountExists(email: string): Promise<boolean> {
  return adminAuth.getUserByEmail(email.toLowerCase()).then(
    () => true,
    () => false,
  );
}

/** Runs `run` with one site setting changed, then puts it back. */
export async function withSiteSetting(
  field: string,
  value: boolean | string,
  run: () => Promise<void>,
) {
  const ref = adminDb.doc(SITE_SETTINGS_PATH);
  const before = (await ref.get()).get(field) as unknown;
  await ref.set({ [field]: value }, { merge: true });
  try {
    await run();
  } finally {
    await ref.set({ [field]: before ?? FieldValue.delete() }, { merge: true });
  }
}

/** An account with a username, as the profile's username callable leaves it. */
export async function customerWithUsername(): Promise<Customer & { username: string }> {
  const customer = await newCustomer('Una', 'Username');
  const username = `una_${customer.uid.slice(0, 8).toLowerCase()}`;
  await adminDb.doc(`usernames/${username}`).set({ uid: customer.uid });
  await adminDb.doc(userPath(customer.uid)).update({ username });
  return { ...customer, username };
}

/**
 * What anyone who knows an account's name can do: send wrong passwords until its sign-in
 * window is full. `signIn` sends one password (from a new address each time).
 */
export async function fillSignInWindow(
  signIn: (password: string) => Promise<CallResult<unknown>>,
): Promise<void> {
  for (let i = 0; i <= RATE_LIMITS.usernameSignIn.max; i += 1) {
    const answer = await signIn('Wrong!pass1');
    if (!answer.ok && answer.status === 'RESOURCE_EXHAUSTED') return;
    expect(answer).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
  }
  throw new Error('the sign-in window never filled');
}
