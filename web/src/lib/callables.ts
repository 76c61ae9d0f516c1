/**
 * The one way the web app calls a callable, typed from the contracts in domain/src/callables:
 * `call('startCheckout', { items })` answers `StartCheckoutOutput`, and a renamed callable or a
 * changed input fails to compile here and in the functions alike.
 */
import {
  AUTH_TIMINGS,
  LONG_RUNNING_CALLABLES,
  LONG_RUNNING_SECONDS,
  endsOwnSessions,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from '@rafflewin/domain';
import type { HttpsCallableOptions } from 'firebase/functions';
import { noteSessionsEndingHere, noteSessionsNotEndingHere } from './auth';

// Two-factor requests give up after 10 seconds: the sign-in's code at /2fa as well.
const twoFactor = { timeout: AUTH_TIMINGS.twoFactorRequestTimeoutMs };

const OPTIONS: Partial<Record<CallableName, HttpsCallableOptions>> = {
  completeTwoFactorSignIn: twoFactor,
  startTwoFactorEnrolment: twoFactor,
  confirmTwoFactorEnrolment: twoFactor,
  disableTwoFactor: twoFactor,
  verifyTwoFactor: twoFactor,
  // As long as the function may run, and a little more for the answer to come back.
  ...Object.fromEntries(
    LONG_RUNNING_CALLABLES.map((name) => [name, { timeout: (LONG_RUNNING_SECONDS + 10) * 1000 }]),
  ),
};

/** Calls the callable `name` and answers its result (a refusal throws a FirebaseError). */
export async function call<N extends CallableName>(
  name: N,
  input: CallableInput<N>,
): Promise<CallableOutput<N>> {
  // The page goes on by itself: the watch for a session ended elsewhere leaves it alone, unless
  // the call is refused (a wrong current password, say), when nothing ended here.
  const ending = endsOwnSessions(name);
  if (ending) noteSessionsEndingHere();
  try {
    // The Functions SDK loads with the first call: no page needs it to paint.
    const { callableOf } = await import('./functionsApi');
    const callable = callableOf<CallableInput<N>, CallableOutput<N>>(name, OPTIONS[name]);
    return (await callable(input)).data;
  } catch (error) {
    if (ending) noteSessionsNotEndingHere();
    throw error;
  }
}
