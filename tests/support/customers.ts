/** Customers signed in through the Auth emulator, and calls to callables as them. */
import { ADMIN_CLAIM, DEFAULT_PROTECTION, protectionPath, userPath } from '@rafflewin/domain';
import { HOST, PORTS, PROJECT_ID } from '../../emulators/config';
import { adminAuth, adminDb, uniqueEmail } from './admin';

export interface Customer {
  uid: string;
  email: string;
  idToken: string;
}

/** The password of every account newCustomer creates (for signing in through the browser). */
export const TEST_PASSWORD = 'Str0ng!pass';

/**
 * Creates an account with a profile and signs it in (an ID token for callables).
 * `admin: true` grants the admin claim first, so the token carries it.
 */
export async function newCustomer(
  firstName = 'Test',
  lastName = 'Buyer',
  { admin = false, spendLimitChosen = true } = {},
): Promise<Customer> {
  const email = uniqueEmail(firstName.toLowerCase());
  // Verified: money paths refuse accounts whose e-mail is not confirmed (requireCustomer).
  const user = await adminAuth.createUser({
    email,
    password: TEST_PASSWORD,
    displayName: `${firstName} ${lastName}`,
    emailVerified: true,
  });
  if (admin) await adminAuth.setCustomUserClaims(user.uid, { [ADMIN_CLAIM]: true });
  const now = new Date();
  await adminDb.doc(userPath(user.uid)).set({
    email,
    username: null,
    bio: null,
    firstName,
    lastName,
    phoneNumber: null,
    dateOfBirth: '1990-01-01',
    banned: false,
    createdAt: now,
    updatedAt: now,
  });
  // Most suites buy straight away: as if the customer had already chosen "no limit" at their
  // first purchase (tests of the prompt pass spendLimitChosen: false).
  if (spendLimitChosen) {
    await adminDb
      .doc(protectionPath(user.uid))
      .set({ ...DEFAULT_PROTECTION, limitChosenAt: now, updatedAt: now });
  }
  const response = await fetch(
    `http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`Could not sign in ${email}`);
  return { uid: user.uid, email, idToken: body.idToken };
}

/** An administrator: an account whose ID token carries the admin claim. */
export function newAdmin(firstName = 'Ada', lastName = 'Admin'): Promise<Customer> {
  return newCustomer(firstName, lastName, { admin: true });
}

/**
 * Many customers, created a few at a time: each new account fires the Auth trigger, and the
 * Functions emulator starts a worker process per concurrent invocation.
 */
export async function newCustomers(count: number, firstName = 'Test'): Promise<Customer[]> {
  const customers: Customer[] = [];
  while (customers.length < count) {
    const wave = Math.min(5, count - customers.length);
    customers.push(
      ...(await Promise.all(Array.from({ length: wave }, () => newCustomer(firstName)))),
    );
  }
  return customers;
}

/** What a callable answered with: its result or its error. */
export type CallResult<T> =
  { ok: true; result: T } | { ok: false; status: string; message: string };

export const functionUrl = (name: string) =>
  `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/europe-west2/${name}`;

/**
 * Calls a callable as `customer` (or a guest). `fromIp` sets the caller's address (the
 * emulator trusts X-Forwarded-For), so per-IP rate limits can be tested in isolation.
 */
export async function call<T = unknown>(
  name: string,
  data: unknown,
  customer?: Customer,
  { fromIp }: { fromIp?: string } = {},
): Promise<CallResult<T>> {
  const response = await fetch(functionUrl(name), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(customer ? { authorization: `Bearer ${customer.idToken}` } : {}),
      ...(fromIp ? { 'x-forwarded-for': fromIp } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as {
    result?: T;
    error?: { status: string; message: string };
  };
  if (body.error) return { ok: false, status: body.error.status, message: body.error.message };
  return { ok: true, result: body.result as T };
}

/** Calls and expects success. */
export async function callOk<T = unknown>(
  name: string,
  data: unknown,
  customer?: Customer,
  options: { fromIp?: string } = {},
) {
  const answer = await call<T>(name, data, customer, options);
  if (!answer.ok) throw new Error(`${name} failed: ${answer.status} ${answer.message}`);
  return answer.result;
}
