/** The kinds of refusal, named as the callable protocol names them. */
export type RefusalCode =
  | 'invalid-argument'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'unauthenticated'
  | 'failed-precondition'
  | 'resource-exhausted'
  | 'aborted'
  | 'unavailable';

/**
 * A refusal the shop explains to a person: its kind (`code`), the message they read, and a
 * machine-readable `reason` that code decides on (never the message). Services throw it; the
 * callable wrapper turns it into the protocol's error, with the reason in its details.
 */
export class ShopError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly reason?: string,
    /** More for the client, beside the reason (e.g. which raffle a cart line names). */
    readonly extra?: Record<string, string | number | boolean>,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

/**
 * Which limit refused a line: 'raffle-unavailable' refusals carry it as `why` beside their
 * words, so a caller with words of its own (a postal entry's e-mail) matches no message.
 */
export type UnavailableBecause = 'free-only-one' | 'per-user-max' | 'sold-out' | 'only-left';

/** True when `error` is a ShopError with the given reason. */
export const isRefusal = (error: unknown, reason: string): error is ShopError =>
  error instanceof ShopError && error.reason === reason;
