import type { CallableName } from './registry';

/**
 * The callables that end the caller's own sessions on every device (`endSessions` on the
 * server, or the account's deletion). The page that calls one goes on by itself: it signs
 * out, or signs in again with the token the callable answers. The web client's watch for a
 * session ended elsewhere leaves that page alone meanwhile. A plain list of names, not a
 * field of each contract, so that the web shell's `call()` does not load the contracts'
 * schemas to read it.
 */
export const ENDS_OWN_SESSIONS: readonly CallableName[] = [
  'changePassword',
  'completePasswordReset',
  'confirmEmailChange',
  'confirmTwoFactorEnrolment',
  'deleteAccount',
  'revokeSessions',
];

/** Whether calling `name` ends the caller's own sessions (`ENDS_OWN_SESSIONS`). */
export function endsOwnSessions(name: CallableName): boolean {
  return ENDS_OWN_SESSIONS.includes(name);
}
