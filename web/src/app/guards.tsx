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

/** Admin routes: no session → /auth; signed in but not an administrator → home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user, isAdmin } = useSession();
  const location = useLocation();
  if (status === 'loading') return <PageLoading />;
  if (!user) return <Navigate to={authPath(location.pathname)} replace />;
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return children;
}
