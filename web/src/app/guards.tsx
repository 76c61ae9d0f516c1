import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { authPath, paths } from '@/config/paths';
import { useSession } from '@/hooks/useSession';

/** Signed-in routes: visitors go to /auth with a redirect back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoading />;
  if (!user) return <Navigate to={authPath(location.pathname + location.search)} replace />;
  return children;
}

/**
 * Admin routes (back-office §6): while the session and its admin claim are being checked, a
 * loading state; no session → /auth with a redirect back; signed in but not an administrator
 * → home. The claim comes from the session's ID token, which can lag a change by up to an
 * hour: the console's Access Denied panel covers the server refusing a stale claim.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user, isAdmin } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoading />;
  if (!user) return <Navigate to={authPath(location.pathname + location.search)} replace />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}
