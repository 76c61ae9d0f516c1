import { TWO_FACTOR_MESSAGES } from '@rafflewin/domain';
import { isFirebaseError, isNetworkFailure, serverWords } from '@/lib/errors';

/** Two-factor request failures in the shop's words. */
export function twoFactorMessage(error: unknown, fallback: string): string {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return TWO_FACTOR_MESSAGES.offline;
  if (isFirebaseError(error)) {
    if (error.code === 'functions/deadline-exceeded') return TWO_FACTOR_MESSAGES.timeout;
    if (
      isNetworkFailure(error) ||
      error.code === 'functions/unavailable' ||
      error.code === 'auth/network-request-failed'
    ) {
      return TWO_FACTOR_MESSAGES.networkError;
    }
    if (error.code === 'functions/internal') return fallback;
    // The callables' words are written for people; Auth's own (the sign-in that follows a
    // verified code) are the SDK's English, not for people.
    if (error.code.startsWith('functions/')) return serverWords(error) ?? fallback;
  }
  return fallback;
}
