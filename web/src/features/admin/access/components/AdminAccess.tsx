import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_CLAIM, ACCESS_MESSAGES } from '@rafflewin/domain';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import type { DescribeFailure } from '@/hooks/useAction';
import { AccessRefusalContext, type ReportRefusal } from '@/lib/accessRefusal';
import {
  isFirebaseError,
  isPermissionDenied,
  isUnauthenticated,
  serverWords,
  toUserMessage,
} from '@/lib/errors';
import { auth } from '@/lib/authInstance';

interface AdminAccess {
  /**
   * Call with any error from a console read or callable. A permission refusal (the admin
   * claim was removed, or the account banned, while this session's token still says admin)
   * replaces the screen with the Access Denied panel and returns true.
   */
  reportError: (error: unknown, message?: string) => boolean;
  /**
   * How a console try's failure reads: nothing when `reportError` took it (`message` as
   * there), else its words, with `fallback` for an error that has none of its own.
   */
  describeFailure: (fallback: string, message?: string) => DescribeFailure;
}

const AdminAccessContext = createContext<Pick<AdminAccess, 'reportError'>>({
  reportError: () => false,
});

export function useAdminAccess(): AdminAccess {
  const { reportError } = useContext(AdminAccessContext);
  const describeFailure =
    (fallback: string, message?: string): DescribeFailure =>
    (caught) =>
      reportError(caught, message) ? null : toUserMessage(caught, fallback);
  return { reportError, describeFailure };
}

/**
 * The panel's words: the server's own reason when it gave one beyond "administrators only" (a
 * suspended account, a second factor owed), else the screen's words for it (`fallback`), else
 * the server's. A read refused by the rules gives no reason.
 */
function deniedMessage(error: unknown, fallback: string | undefined): string {
  const server =
    isFirebaseError(error) && error.code.startsWith('functions/') ? (serverWords(error) ?? '') : '';
  if (server && server !== ACCESS_MESSAGES.adminOnly) return server;
  return fallback || server || ACCESS_MESSAGES.adminOnly;
}

/**
 * The console's in-page Access Denied panel. The route guard already
 * keeps non-administrators out; this covers a session whose token still carries the claim
 * after it was removed (tokens refresh within the hour), which the server refuses.
 */
export function AccessDenied({
  message,
  signIn = false,
  onRetry,
}: {
  message: string;
  /** No session at all: the way on is to sign in, not the shop. */
  signIn?: boolean;
  onRetry?: () => void;
}) {
  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 640 }} role="alert">
      <PageHeading title="Access Denied" variant="h4" gutterBottom />
      <Typography color="text.secondary" gutterBottom>
        {message}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        {signIn ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={`${paths.auth}?redirect=${encodeURIComponent(window.location.pathname)}`}
          >
            Sign in
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={paths.home}>
            Go to the shop
          </Button>
        )}
        {onRetry && <Button onClick={onRetry}>Check again</Button>}
      </Stack>
    </Paper>
  );
}

/** Why the console is closed to this session, and whether signing in is the way on. */
interface Denied {
  message: string;
  signIn: boolean;
}

const NO_SESSION: Denied = { message: ACCESS_MESSAGES.noSession, signIn: true };

/** Holds the console's access state and shows Access Denied in place of the screen. */
export function AdminAccessProvider({ children }: { children: ReactNode }) {
  const [denied, setDenied] = useState<Denied | null>(null);
  const [checking, setChecking] = useState(false);
  const [verifyFailed, setVerifyFailed] = useState(false);
  const reportError = useCallback((error: unknown, message?: string) => {
    if (isUnauthenticated(error)) {
      setDenied(NO_SESSION);
      return true;
    }
    if (!isPermissionDenied(error)) return false;
    setDenied({ message: deniedMessage(error, message), signIn: false });
    return true;
  }, []);
  const value = useMemo(() => ({ reportError }), [reportError]);
  // The shared read and action hooks report here too, so every screen gets the panel.
  const reportRefusal = useCallback<ReportRefusal>((error) => reportError(error), [reportError]);

  const retry = async () => {
    setChecking(true);
    setVerifyFailed(false);
    try {
      await auth.authStateReady();
      if (!auth.currentUser) {
        setDenied(NO_SESSION);
        return;
      }
      // A fresh token carries the claims as they are now; the session follows it.
      const token = await auth.currentUser.getIdTokenResult(true);
      if (token.claims[ADMIN_CLAIM] === true) setDenied(null);
    } catch {
      setVerifyFailed(true);
    } finally {
      setChecking(false);
    }
  };

  if (denied) {
    return (
      <Stack spacing={2}>
        <AccessDenied {...denied} onRetry={checking ? undefined : () => void retry()} />
        {checking && <Alert severity="info">Checking your access…</Alert>}
        {verifyFailed && <Alert severity="error">{ACCESS_MESSAGES.verifyFailed}</Alert>}
      </Stack>
    );
  }
  return (
    <AdminAccessContext.Provider value={value}>
      <AccessRefusalContext.Provider value={reportRefusal}>
        {children}
      </AccessRefusalContext.Provider>
    </AdminAccessContext.Provider>
  );
}
