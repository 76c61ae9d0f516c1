/**
 * Loads Firebase Auth on demand. The shop window works without it, so it is loaded at start
 * only when this browser holds a session (a hint kept in localStorage beside Firebase's own
 * record), and otherwise when someone opens sign-in or another tab signs in.
 */
import { STORAGE_KEYS } from '@rafflewin/domain';
import type { User } from 'firebase/auth';

/** What the shell of the shop uses of Auth, once it has loaded. */
export interface LoadedAuth {
  /** Reports the signed-in user (or null) now and on every change; returns a cancel function. */
  onIdTokenChanged(listener: (user: User | null) => void): () => void;
  signOut(): Promise<void>;
}

let loaded: LoadedAuth | null = null;
const waiting: Array<(auth: LoadedAuth) => void> = [];

/** Called once by lib/authInstance.ts when Auth has been set up. */
export function announceAuth(auth: LoadedAuth): void {
  loaded = auth;
  waiting.splice(0).forEach((callback) => callback(auth));
}

/** Runs `callback` with Auth once it is loaded (at once if it is); returns a cancel function. */
export function whenAuthLoaded(callback: (auth: LoadedAuth) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.push(callback);
  return () => {
    const index = waiting.indexOf(callback);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/** Loads Auth (once) and resolves with it. */
export function loadAuth(): Promise<LoadedAuth> {
  return import('./authInstance').then(
    () => new Promise<LoadedAuth>((resolve) => whenAuthLoaded(resolve)),
  );
}

/** True when this browser held a signed-in session when it last knew. */
export function hasSessionHint(): boolean {
  return localStorage.getItem(STORAGE_KEYS.signedIn) !== null;
}

/** Keeps the hint in step with the session Auth reports. */
export function setSessionHint(signedIn: boolean): void {
  if (signedIn) localStorage.setItem(STORAGE_KEYS.signedIn, '1');
  else localStorage.removeItem(STORAGE_KEYS.signedIn);
}

/**
 * Loads Auth now when this browser holds a session, and whenever another tab signs in;
 * returns a function that stops listening to the other tabs.
 */
export function loadAuthWhenSignedIn(): () => void {
  if (hasSessionHint()) void loadAuth();
  const signedInElsewhere = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.signedIn && event.newValue !== null) void loadAuth();
  };
  window.addEventListener('storage', signedInElsewhere);
  return () => window.removeEventListener('storage', signedInElsewhere);
}

/** Until when this tab is turning two-factor on (`noteTwoFactorTurningOn`). */
let turningOnUntil = 0;
/** The longest the hand-over to the new sign-in is waited for. */
const TURNING_ON_MS = 15_000;

/**
 * Marks (or clears) this tab turning two-factor on. Doing so writes the setting and a verified
 * code for the new sign-in the server answers; until this tab has signed in with it, its old
 * sign-in has none, and the setting alone reads as "code required", which would send the page
 * to /2fa before it has shown the recovery codes (app/providers.tsx waits instead). When the new
 * sign-in failed, the codes are shown `until cleared`, then the tab signs out.
 */
export function noteTwoFactorTurningOn(on: boolean | 'until cleared'): void {
  turningOnUntil = on === 'until cleared' ? Infinity : on ? Date.now() + TURNING_ON_MS : 0;
}

/** Whether this tab is turning two-factor on and has not yet signed in with the new sign-in. */
export function turningTwoFactorOn(): boolean {
  return Date.now() < turningOnUntil;
}

/** Until when this tab is ending its own sessions (`noteSessionsEndingHere`). */
let endingHereUntil = 0;
/** How long a page that ended its own sessions is left to go on by itself. */
const ENDING_HERE_MS = 60_000;

/**
 * Marks this tab as ending its own sessions (a password change, "Sign out from all devices",
 * turning two-factor on…): the page goes on by itself, so the watch for a session ended
 * elsewhere (app/providers.tsx) does not sign it out under it meanwhile.
 */
export function noteSessionsEndingHere(): void {
  endingHereUntil = Date.now() + ENDING_HERE_MS;
}

/** Lifts the mark: the call that was to end the sessions was refused, so none ended here. */
export function noteSessionsNotEndingHere(): void {
  endingHereUntil = 0;
}

/**
 * How long (ms) until this tab's own session changes stop being waited for (ending its sessions,
 * turning two-factor on): 0 when none is, Infinity while a hand-over waits to be cleared.
 */
export function ownSessionChangeMsLeft(): number {
  const now = Date.now();
  return Math.max(0, endingHereUntil - now, turningOnUntil - now);
}
