import type { User } from 'firebase/auth';
import { useEffect } from 'react';

/**
 * Reads the account's claims afresh once, as the page opens. A staff mark (or an administrator's
 * right) changes on the server at once, and fulfilment goes by the account itself, but the
 * browser's ID token carries a change only from its next refresh, up to an hour later: the
 * checkout, which says before paying whether the tickets can win, asks for a new token. The
 * session follows through Auth's token listener; a refusal (an ended session) signs out there.
 */
export function useFreshClaims(user: User | null): void {
  useEffect(() => {
    if (user) void user.getIdToken(true).catch(() => undefined);
  }, [user]);
}
