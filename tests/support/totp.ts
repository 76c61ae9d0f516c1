/** Authenticator codes computed in tests, as a person's authenticator app would. */
import { generate } from 'otplib';

const STEP_SECONDS = 30;

/** A code from the step `offset` steps away from now (the server accepts one either side). */
export function codeAt(secret: string, offset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP_SECONDS });
}

/**
 * Waits until the current 30-second step has at least `seconds` left, so codes of the
 * previous, current and next step all stay acceptable while a test uses them.
 */
export async function awayFromStepEdge(seconds = 20): Promise<void> {
  const into = (Date.now() / 1000) % STEP_SECONDS;
  if (into > STEP_SECONDS - seconds) {
    await new Promise((resolve) => setTimeout(resolve, (STEP_SECONDS - into + 0.5) * 1000));
  }
}
