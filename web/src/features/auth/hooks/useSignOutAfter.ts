import { AUTH_TIMINGS } from '@rafflewin/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '@/lib/signOut';

/**
 * After a password change (which signed every device out on the server): sign this browser
 * out and go to /auth after 3 seconds, long enough to read the success message.
 */
export function useSignOutAfterPasswordChange() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    timer.current = setTimeout(() => {
      void signOut().finally(() => navigate('/auth', { replace: true }));
    }, AUTH_TIMINGS.passwordRedirectMs);
  }, [navigate]);
}
