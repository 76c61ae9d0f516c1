import type { z } from 'zod';

/**
 * Who may call a callable. The function wrapper checks it before it reads the input:
 * - `anyone`: guests too (the handler sees who is signed in, if anyone);
 * - `firstFactor`: a signed-in account that may still owe its two-factor code (/2fa only);
 * - `signedIn`: as `firstFactor`, in maintenance mode too (what signing out does must always
 *   work: removing this browser's push device);
 * - `customer`: signed in with a confirmed e-mail address, second factor done, not banned,
 *   and outside maintenance mode;
 * - `session`: a customer whose sessions have not been revoked since this sign-in;
 * - `admin`: the `admin` claim, not banned, second factor done.
 */
export type CallableAccess =
  'anyone' | 'firstFactor' | 'signedIn' | 'customer' | 'session' | 'admin';

/** A callable's answer type, carried by its contract for the compiler only. */
export interface Answer<T> {
  readonly answer?: T;
}

/** Names a callable's answer type in its contract: `output: answer<StartCheckoutOutput>()`. */
export const answer = <T>(): Answer<T> => ({});

/**
 * A callable's contract: its name, who may call it, the zod schema its input is validated
 * with (by the browser's form and by the function alike) and the type of its answer. The
 * function wrapper, the web client and the tests' typed `call()` all derive from it.
 */
export interface CallableContract<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output = unknown,
  Access extends CallableAccess = CallableAccess,
> {
  readonly name: Name;
  readonly access: Access;
  readonly input: Input;
  readonly output: Answer<Output>;
  /**
   * True when an account being deleted may still call it: every other callable refuses such an
   * account (what one wrote under its id after the deletion's sweep would outlive it), but the
   * deletion itself must be able to run again after a failure half way, which leaves the mark.
   */
  readonly whileDeleting?: boolean;
}

export function defineCallable<
  const Name extends string,
  Input extends z.ZodType,
  Output,
  const Access extends CallableAccess,
>(
  contract: CallableContract<Name, Input, Output, Access>,
): CallableContract<Name, Input, Output, Access> {
  return contract;
}

/** The answer of callables that only confirm, in words for the person. */
export interface MessageOutput {
  message: string;
}

/** What the content callables answer: the saved document's id. */
export interface SavedContentOutput {
  id: string;
  created: boolean;
}
