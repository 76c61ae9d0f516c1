import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { authPath, paths, twoFactorPath } from '@/config/paths';
import { pendingTwoFactorChallenge } from '@/features/auth/api/twoFactorChallenge';
import { useSession } from '@/hooks/useSession';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { sessionEndedBySuspension } from '@/lib/signOut';

/**
 * Where a signed-out visitor goes: /2fa while this tab holds a right password's challenge
 * (its code is the only step left), else /auth.
 */
function signInPath(redirect: string): string {
  return pendingTwoFactorChallenge() ? twoFactorPath(redirect) : authPath(redirect);
}

/**
 * What a signed-in route shows instead of itself, or null to show it: while the session is
 * loading, a spinner; signed out → /auth (or /2fa for a tab holding a challenge) with a
 * redirect back; two-factor required (on, and no code verified for this sign-in within 12
 * hours) → /2fa with a redirect back. The server enforces the same on every callable.
 */
function useSignedInGate(): ReactNode {
  const { status, user } = useSession();
  const twoFactor = useTwoFactorGate();
  const location = useLocation();
  const here = location.pathname + location.search;
  if (status === 'loading') return <PageLoading />;
  if (!user) return <Navigate to={signInPath(here)} replace />;
  if (twoFactor === 'loading') return <PageLoading />;
  if (twoFactor === 'required') return <Navigate to={twoFactorPath(here)} replace />;
  return null;
}

/** Signed-in routes: see `useSignedInGate`. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return useSignedInGate() ?? children;
}

/**
 * Admin routes: the signed-in gate, then signed in but not an administrator → home. The claim
 * comes from the session's ID token, which can lag a change by up to an hour: the console's
 * Access Denied panel covers the server refusing a stale claim.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const gate = useSignedInGate();
  const { isAdmin } = useSession();
  if (gate) return gate;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}

/**
 * The session's two-factor state for a guard. Once a page was let in, a passing `loading`
 * (a listener re-subscribing) keeps it shown rather than unmounting it for a spinner.
 */
function useTwoFactorGate(): 'loading' | 'required' | 'allowed' {
  const { user, twoFactor } = useSession();
  const [allowedFor, setAllowedFor] = useState<string | null>(null);
  const uid = user?.uid ?? null;
  const allowedNow = twoFactor === 'off' || twoFactor === 'verified';
  useEffect(() => {
    if (allowedNow && uid) setAllowedFor(uid);
    if (twoFactor === 'required' || !uid) setAllowedFor(null);
  }, [allowedNow, twoFactor, uid]);
  if (allowedNow) return 'allowed';
  if (twoFactor === 'required') return 'required';
  return allowedFor !== null && allowedFor === uid ? 'allowed' : 'loading';
}

/**
 * What visitors may see when the site setting allow_guest_views is off: home,
 * the competition listings, charity, free, winners, the cart, and the sign-in, two-factor
 * and password pages. We add the Terms and the Privacy Policy: people must be able to read
 * them before they sign up. About and Contact need an account.
 */
const GUEST_PATHS = [
  /^\/$/,
  /^\/competitions(\/[a-z]+)?$/,
  /^\/(charity|free|winners|cart)$/,
  /^\/(auth|2fa|reset-password|new-password)$/,
  /^\/(terms|privacy)$/,
];

export function isGuestPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return GUEST_PATHS.some((pattern) => pattern.test(path));
}

/**
 * Around every page: a session that ended by itself (expired or revoked) goes to /auth once,
 * and with allow_guest_views off, visitors outside the guest pages go to /auth with a
 * redirect back.
 */
export function AccessGate() {
  const { status, user, expired } = useSession();
  const { settings, status: siteStatus } = useSiteSettings();
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const handledExpiry = useRef(false);

  useEffect(() => {
    if (!expired) {
      handledExpiry.current = false;
      return;
    }
    if (handledExpiry.current) return;
    handledExpiry.current = true;
    if (!location.pathname.startsWith(paths.auth)) {
      const why = sessionEndedBySuspension() ? 'suspended' : 'true';
      void navigate(`${authPath(here)}&expired=${why}`, { replace: true });
    }
  }, [expired, here, location.pathname, navigate]);

  if (!isGuestPath(location.pathname) && !user) {
    if (status === 'loading' || siteStatus === 'loading') return <PageLoading />;
    if (!settings.allowGuestViews) return <Navigate to={authPath(here)} replace />;
  }
  return <Outlet />;
}
