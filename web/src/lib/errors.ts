import { ShopError } from '@rafflewin/domain';
import type { FirebaseError } from 'firebase/app';

/**
 * An error from a Firebase SDK (a callable's refusal, a Firestore or Auth error). Told by its
 * name and code rather than `instanceof`, so pages that show errors need not load the SDK.
 */
export function isFirebaseError(error: unknown): error is FirebaseError {
  return (
    error instanceof Error &&
    error.name === 'FirebaseError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * A callable's refusal in the words the server wrote, or null when it wrote none. The Functions
 * SDK appends the HTTP status (" [400]") to every message it builds from a callable's answer
 * (people read the message, never the status), and makes the message up from the status alone
 * for an answer without the callable's body (a 503 or 429 from the hosting layer, a 502 from a
 * proxy): "unavailable", "resource-exhausted" or "unknown" are codes, not words for people.
 */
export function serverWords(error: FirebaseError): string | null {
  const message = error.message.replace(/\s*\[\d{3}\]$/, '');
  const bareCode = error.code.replace(/^functions\//, '');
  if (!message || message === bareCode || /^(Unknown b|B)ackend error status/.test(message)) {
    return null;
  }
  return message;
}

/** The words for a request that never reached the server. */
export const NETWORK_ERROR_MESSAGE = 'Network error: Please check your connection and try again.';

/**
 * True when a callable never got an answer: the Functions SDK reports a failed fetch as
 * `internal` with HTTP status 0 (" [0]"), or `unavailable`.
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    isFirebaseError(error) &&
    ((error.code === 'functions/internal' && /\[0\]$/.test(error.message)) ||
      (error.code === 'functions/unavailable' && !serverWords(error)))
  );
}

/**
 * Runs `action`, and runs it again while it fails without reaching the server
 * (`isNetworkFailure`): up to `retries` more times, `initialDelayMs` after the first failure and
 * twice as long after each next. Any other failure, or the last, is thrown.
 */
export async function retryingNetworkFailures<T>(
  action: () => Promise<T>,
  { retries, initialDelayMs }: { retries: number; initialDelayMs: number },
): Promise<T> {
  for (let retried = 0, delay = initialDelayMs; ; retried += 1, delay *= 2) {
    try {
      return await action();
    } catch (error) {
      if (retried >= retries || !isNetworkFailure(error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * The one mapping from an error to what a person reads. Callables answer HttpsErrors whose
 * messages are written for people (domain/src/messages.ts); network trouble gets its own
 * wording; anything else a fallback: the messages of Firestore, Storage and Auth errors are
 * the SDK's (a rule's evaluation, "Missing or insufficient permissions"), not for people.
 */
export function toUserMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    return 'You appear to be offline. Please check your internet connection and try again.';
  }
  // A refusal the page itself worded (the same errors the functions throw).
  if (error instanceof ShopError) return error.message;
  if (isFirebaseError(error)) {
    if (error.code === 'functions/deadline-exceeded')
      return 'Request timed out. Please try again later.';
    if (isNetworkFailure(error)) return NETWORK_ERROR_MESSAGE;
    if (error.code === 'functions/internal') return fallback;
    if (error.code.startsWith('functions/')) return serverWords(error) ?? fallback;
  }
  return fallback;
}

/** What a callable sent with a refusal (`details`: its reason and facts), if anything. */
export function refusalDetails(error: unknown): Record<string, unknown> | null {
  if (!isFirebaseError(error)) return null;
  const details = (error as FirebaseError & { details?: unknown }).details;
  return details && typeof details === 'object' ? (details as Record<string, unknown>) : null;
}

/** The machine-readable reason a callable gave with a refusal (`details.reason`), if any. */
export function refusalReason(error: unknown): string | null {
  const details = refusalDetails(error);
  return details && 'reason' in details ? String(details.reason) : null;
}

/** A request the server refused for want of a signed-in session (expired or signed out). */
export function isUnauthenticated(error: unknown): boolean {
  return (
    isFirebaseError(error) &&
    (error.code === 'functions/unauthenticated' || error.code === 'unauthenticated')
  );
}

/**
 * A refusal for lack of rights: a callable's or Firestore's `permission-denied` (e.g. the admin
 * claim was removed while the session's token still carries it, or the account was banned).
 */
export function isPermissionDenied(error: unknown): boolean {
  return (
    isFirebaseError(error) &&
    (error.code === 'functions/permission-denied' || error.code === 'permission-denied')
  );
}
