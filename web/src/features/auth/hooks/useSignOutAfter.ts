import { AUTH_TIMINGS } from '@rafflewin/domain';
import { useCallback, useEffect, useRef } from 'react';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/signOut';

/**
 * After a password change (which signed every device out on the server): sign this browser
 * out and go to /auth after 3 seconds, long enough to read the success message. A fresh page
 * load, so no guard of the page being left can redirect first (to /auth?redirect=…).
 */
export function useSignOutAfterPasswordChange() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    timer.current = setTimeout(() => {
      void signOut().finally(() => window.location.replace(paths.auth));
    }, AUTH_TIMINGS.passwordRedirectMs);
  }, []);
}
