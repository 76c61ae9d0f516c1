import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { twoFactorPath } from '@/config/paths';
import { completeSignIn } from '../api/completeSignIn';
import { isTwoFactorPending, type SignInStep } from '../api/passwordSignIn';

/**
 * Finishes any sign-in: the checks of `completeSignIn` (confirmed e-mail, maintenance mode,
 * two-factor), then the page the person was heading for; a password that still owes its code
 * goes to /2fa first.
 */
export function useSignInCompletion(redirect: string) {
  const navigate = useNavigate();
  const { settings } = useSiteSettings();
  const maintenanceMode = settings.maintenanceMode;
  return useCallback(
    async (step: SignInStep) => {
      const { next } = isTwoFactorPending(step)
        ? { next: twoFactorPath(redirect) }
        : await completeSignIn(step, redirect, maintenanceMode);
      void navigate(next, { replace: true });
    },
    [navigate, redirect, maintenanceMode],
  );
}
