import { ACCESS_MESSAGES } from '@rafflewin/domain';
import { isFirebaseError } from '@/lib/errors';

/**
 * True when Firebase Auth refused a sign-in because the site is in maintenance mode: its
 * blocking function answers an internal error carrying the shop's message, and only once the
 * password, link or token was right.
 */
export function refusedForMaintenance(error: unknown): boolean {
  return (
    isFirebaseError(error) &&
    error.code === 'auth/internal-error' &&
    error.message.includes(ACCESS_MESSAGES.maintenance)
  );
}
