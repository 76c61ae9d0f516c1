import type { User } from 'firebase/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { completeSignIn } from '../api/completeSignIn';

/**
 * Finishes any sign-in: the checks of `completeSignIn` (confirmed e-mail, maintenance mode,
 * two-factor), then the page the person was heading for.
 */
export function useSignInCompletion(redirect: string) {
  const navigate = useNavigate();
  const { settings } = useSiteSettings();
  const maintenanceMode = settings.maintenanceMode;
  return useCallback(
    async (user: User) => {
      const { next } = await completeSignIn(user, redirect, maintenanceMode);
      void navigate(next, { replace: true });
    },
    [navigate, redirect, maintenanceMode],
  );
}
