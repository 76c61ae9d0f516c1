/** Authenticator codes computed in tests, as a person's authenticator app would. */
import { generate } from 'otplib';
import { TEST_PASSWORD, callOk, type Customer } from './customers';

const STEP_MS = 30_000;

const stepAt = (time: number) => Math.floor(time / STEP_MS);

/** The code of a 30-second time step. */
const codeOfStep = (secret: string, step: number) =>
  generate({ secret, epoch: (step * STEP_MS) / 1000 });

/** A code from the step `offset` steps away from now (the server accepts one either side). */
export function codeAt(secret: string, offset = 0): Promise<string> {
  return codeOfStep(secret, stepAt(Date.now()) + offset);
}

/**
 * Successive codes for one secret, as someone using their app again and again: the first is
 * the current step's, each next one the following step's. The server takes a step either
 * side of its own and never the same step twice, so two codes in a row stay good for a minute
 * whenever the first was taken, with no waiting for a step's edge.
 */
export function successiveCodes(secret: string): () => Promise<string> {
  let step = stepAt(Date.now()) - 1;
  return () => {
    step = Math.max(step + 1, stepAt(Date.now()) - 1);
    return codeOfStep(secret, step);
  };
}

/**
 * For the in-process suites, where the functions share the test's clock: moves the clock to
 * one second into the next 30-second step (and lets it run on from there), so the codes of
 * the steps either side of now stay acceptable for the whole test. Undo with
 * `jest.useRealTimers()`.
 */
export function clockAtStepStart(): void {
  const start = (stepAt(Date.now()) + 1) * STEP_MS + 1000;
  jest.useFakeTimers({
    now: start,
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/**
 * Turns two-factor on for `customer` through the shop (its password, then a code): answers the
 * secret, the recovery codes, and the account's next codes (the first went on the enrolment).
 */
export async function enrolTwoFactor(customer: Customer) {
  const { secret } = await callOk(
    'startTwoFactorEnrolment',
    { currentPassword: TEST_PASSWORD },
    customer,
  );
  const nextCode = successiveCodes(secret);
  const { recoveryCodes } = await callOk(
    'confirmTwoFactorEnrolment',
    { code: await nextCode() },
    customer,
  );
  return { secret, recoveryCodes, nextCode };
}
