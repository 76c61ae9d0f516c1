/**
 * The few Identity Toolkit REST calls the Admin SDK does not offer: checking a password,
 * reading or applying an e-mail action code, and when a password was last set. Locally they go
 * to the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST); in production to Google with the web API
 * key (FIREBASE_WEB_API_KEY, the same key the web app is built with), or for the last, with the
 * Admin SDK's own credentials.
 */
import type { Auth } from 'firebase-admin/auth';

const PRODUCTION_BASE = 'https://identitytoolkit.googleapis.com/v1';

function baseUrl(): string {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return emulator ? `http://${emulator}/identitytoolkit.googleapis.com/v1` : PRODUCTION_BASE;
}

function endpoint(method: string): string {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const base = baseUrl();
  const key = process.env.FIREBASE_WEB_API_KEY ?? (emulator ? 'emulator-api-key' : '');
  if (!key) throw new Error('FIREBASE_WEB_API_KEY is not set');
  return `${base}/${method}?key=${encodeURIComponent(key)}`;
}

/**
 * An Identity Toolkit refusal; `code` is its message up to the first space ("INVALID_OOB_CODE"),
 * `detail` the whole message (a blocking function's refusal carries its own message there).
 */
export class IdentityToolkitError extends Error {
  constructor(
    readonly code: string,
    readonly detail = code,
  ) {
    super(`Identity Toolkit refused: ${code}`);
  }
}

async function post<T>(
  method: string,
  body: Record<string, unknown>,
  url = endpoint(method),
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok || json.error) {
    const message = json.error?.message ?? `HTTP ${response.status}`;
    throw new IdentityToolkitError(message.split(/[\s:]/)[0] ?? message, message);
  }
  return json;
}

/** Codes that mean "these credentials are wrong" rather than "something broke". */
const BAD_CREDENTIALS = new Set([
  'INVALID_PASSWORD',
  'EMAIL_NOT_FOUND',
  'INVALID_LOGIN_CREDENTIALS',
  'INVALID_EMAIL',
  'USER_DISABLED',
  'MISSING_PASSWORD',
]);

/**
 * True when the shop's blocking function (`beforeUserSignedIn`) refused the sign-in. Auth asks it
 * only once the credentials are right, so its refusal still says the password is; each of its
 * reasons for a password sign-in (maintenance mode, an address or a password changed past the
 * shop, two-factor) the shop's own sign-in checks itself, after the password.
 */
function refusedPastThePassword(error: IdentityToolkitError): boolean {
  return error.code === 'BLOCKING_FUNCTION_ERROR_RESPONSE';
}

/**
 * Checks an account's password without signing anyone in here: true when it is the password of
 * `user` (its address and uid), false when it is not (or the account is disabled). Other
 * failures throw.
 */
export async function checkPassword(
  user: { uid: string; email: string },
  password: string,
): Promise<boolean> {
  try {
    const result = await post<{ localId: string }>('accounts:signInWithPassword', {
      email: user.email,
      password,
      returnSecureToken: false,
    });
    return result.localId === user.uid;
  } catch (error) {
    if (error instanceof IdentityToolkitError && BAD_CREDENTIALS.has(error.code)) return false;
    if (error instanceof IdentityToolkitError && refusedPastThePassword(error)) return true;
    throw error;
  }
}

export interface ActionCodeInfo {
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'VERIFY_AND_CHANGE_EMAIL' | string;
  email?: string;
  newEmail?: string;
}

/** What an action code is for, without using it; null when it is invalid or used. */
export async function checkActionCode(oobCode: string): Promise<ActionCodeInfo | null> {
  try {
    return await post<ActionCodeInfo>('accounts:resetPassword', { oobCode });
  } catch (error) {
    if (error instanceof IdentityToolkitError) return null;
    throw error;
  }
}

/** Uses a password-reset code to set a new password; false when the code is no good. */
export async function resetPasswordWithCode(
  oobCode: string,
  newPassword: string,
): Promise<boolean> {
  try {
    await post('accounts:resetPassword', { oobCode, newPassword });
    return true;
  } catch (error) {
    if (error instanceof IdentityToolkitError) return false;
    throw error;
  }
}

/** Applies an e-mail action code (verify, or verify and change); false when it is no good. */
export async function applyActionCode(oobCode: string): Promise<boolean> {
  try {
    await post('accounts:update', { oobCode });
    return true;
  } catch (error) {
    if (error instanceof IdentityToolkitError) return false;
    throw error;
  }
}

/**
 * When Firebase Auth last set the account's password (its `passwordUpdatedAt`, ms), or null
 * without one: Auth's own door (a reset code it e-mailed, or an account update) changes the
 * password without the shop. Read as the project's administrator, which the Admin SDK's
 * `UserRecord` does not pass on.
 */
export async function passwordSetAt(auth: Auth, uid: string): Promise<number | null> {
  const { options } = auth.app;
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT;
  const token = process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? 'owner'
    : (await options.credential!.getAccessToken()).access_token;
  const answer = await post<{ users?: Array<{ passwordUpdatedAt?: number | string }> }>(
    'accounts:lookup',
    { localId: [uid] },
    `${baseUrl()}/projects/${projectId}/accounts:lookup`,
    { authorization: `Bearer ${token}` },
  );
  const setAt = answer.users?.[0]?.passwordUpdatedAt;
  return setAt === undefined ? null : Number(setAt);
}
