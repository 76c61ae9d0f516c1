/** The Auth emulator's REST API, as a browser's client SDK would use it. */
import { HOST, PORTS } from '../../emulators/config';
import { eventually } from './admin';
import { TEST_PROJECT_ID } from './project';

const AUTH_BASE = `http://${HOST}:${PORTS.auth}`;
const BASE = `${AUTH_BASE}/identitytoolkit.googleapis.com/v1`;
const DOCUMENTS = `http://${HOST}:${PORTS.firestore}/v1/projects/${TEST_PROJECT_ID}/databases/(default)/documents`;

/** A browser's read of one document under the security rules, with `idToken`: the HTTP status. */
export async function readAs(idToken: string, path: string): Promise<number> {
  const response = await fetch(`${DOCUMENTS}/${path}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return response.status;
}

export interface RestSession {
  idToken: string;
  refreshToken: string;
  localId: string;
}

/** Any Identity Toolkit method, called with the web API key as a browser would. */
export async function post<T = Record<string, unknown>>(method: string, body: object): Promise<T> {
  const response = await fetch(`${BASE}/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (json.error) throw new Error(json.error.message);
  return json;
}

/**
 * Exchanges a refresh token for a new ID token, as the web SDK does every hour: null when Auth
 * refuses it (a disabled account; Firebase Auth, unlike its emulator, also a revoked session).
 */
export async function refreshIdToken(refreshToken: string): Promise<string | null> {
  const response = await fetch(
    `${AUTH_BASE}/securetoken.googleapis.com/v1/token?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    },
  );
  const body = (await response.json()) as { id_token?: string };
  return body.id_token ?? null;
}

export const signInWithPassword = (email: string, password: string) =>
  post<RestSession>('accounts:signInWithPassword', { email, password, returnSecureToken: true });

/** Creates an account straight through the Auth API, as a script with the web API key could. */
export const signUpWithPassword = (email: string, password: string) =>
  post<RestSession>('accounts:signUp', { email, password, returnSecureToken: true });

export const signInWithCustomToken = (token: string) =>
  post<RestSession>('accounts:signInWithCustomToken', { token, returnSecureToken: true });

export const signInWithEmailLink = (email: string, oobCode: string) =>
  post<RestSession>('accounts:signInWithEmailLink', { email, oobCode });

/** Applies an e-mail action code as the web app's `applyActionCode` does. */
export const applyActionCode = (oobCode: string) => post<object>('accounts:update', { oobCode });

/** The claims of an ID token (the emulator's are unsigned). */
export function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * The newest code Firebase Auth itself e-mailed (its own template, not the shop's) for
 * `email` and `requestType`: what the recipient would click in Firebase's e-mail.
 */
export async function firebaseMailedCode(email: string, requestType: string): Promise<string> {
  return eventually(async () => {
    const response = await fetch(`${AUTH_BASE}/emulator/v1/projects/${TEST_PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await response.json()) as {
      oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
    };
    const mine = oobCodes.filter(
      (code) => code.email === email.toLowerCase() && code.requestType === requestType,
    );
    return mine.at(-1)?.oobCode ?? null;
  });
}
