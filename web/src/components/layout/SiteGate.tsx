import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useOnline } from '@/hooks/useOnline';
import { useSession } from '@/hooks/useSession';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { PageLoading } from './PageLoading';

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}
      role="alert"
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const reload = () => window.location.reload();

/**
 * Pages maintenance leaves open: sign-in (administrators sign in there, and one with two-factor
 * on gives the code at /2fa before anyone is signed in) and the password reset pages, so a
 * customer who asked for a reset link can still set a new password. The server refuses anyone
 * else at each step (only an administrator's password gets as far as /2fa).
 */
const OPEN_IN_MAINTENANCE: readonly string[] = [
  paths.auth,
  paths.twoFactor,
  paths.resetPassword,
  paths.newPassword,
];

/**
 * The site's states before any page: offline (a notice above the page, which stays), connection
 * error, loading (the settings, and in maintenance the session: the page waits hidden),
 * maintenance (everyone but administrators, outside OPEN_IN_MAINTENANCE), then normal.
 * Functions refuse non-admins in maintenance mode too; this is the screen, not the guard.
 */
export function SiteGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const { settings, status } = useSiteSettings();
  const { isAdmin, status: sessionStatus } = useSession();
  const { pathname } = useLocation();

  if (online && status === 'error') {
    return (
      <Screen title="Connection Error">
        <Typography sx={{ mb: 3 }}>
          Unable to connect to the database. Please check your connection and try again.
        </Typography>
        <Button variant="contained" onClick={reload}>
          Retry Connection
        </Button>
      </Screen>
    );
  }
  const open = OPEN_IN_MAINTENANCE.includes(pathname);
  // Until the settings (and, in maintenance, who is signed in) are known, the page is not
  // shown: never the real page for a moment before the maintenance screen. It is mounted,
  // hidden, so that its own reads start alongside the settings' rather than after them.
  const waiting =
    !open && (status === 'loading' || (settings.maintenanceMode && sessionStatus === 'loading'));
  if (!waiting && online && settings.maintenanceMode && !isAdmin && !open) {
    return (
      <Screen title="Site Maintenance">
        <Typography sx={{ mb: 1 }}>
          We&apos;re currently performing scheduled maintenance. Please check back soon!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {settings.siteName}
        </Typography>
        <Button variant="contained" component={RouterLink} to={`${paths.auth}?admin=true`}>
          Admin Login
        </Button>
      </Screen>
    );
  }
  // Offline, a notice above the page, not instead of it: the page keeps its place in the tree
  // (so what was typed stays), and its own offline states (the raffle card's, the
  // checkout's) show where they belong.
  return (
    <>
      {!online && (
        <Screen title="You're Offline">
          <Typography sx={{ mb: 3 }}>
            You are currently offline. Please check your internet connection.
          </Typography>
          <Button variant="contained" onClick={reload}>
            Retry
          </Button>
        </Screen>
      )}
      {waiting && <PageLoading label="Loading…" />}
      <Box sx={{ mt: online ? 0 : 3, display: waiting ? 'none' : undefined }}>{children}</Box>
    </>
  );
}
