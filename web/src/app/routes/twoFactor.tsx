import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { safeRedirectPath } from '@rafflewin/domain';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { PageHeading } from '@/components/PageTitle';
import { authPath, paths } from '@/config/paths';
import { completeTwoFactorSignIn } from '@/features/auth/api/passwordSignIn';
import { pendingTwoFactorChallenge } from '@/features/auth/api/twoFactorChallenge';
import { verifyTwoFactor } from '@/features/auth/api/verifyTwoFactor';
import { TwoFactorCodeForm } from '@/features/auth/components/TwoFactorForm';
import { useSession } from '@/hooks/useSession';
import { signOut } from '@/lib/signOut';

/**
 * /2fa: an account with two-factor on enters a code from its authenticator app, either after
 * a right password (nothing is signed in yet: the tab holds the server's challenge, and the
 * code brings the sign-in's only token) or when a sign-in's 12-hour verification lapsed. The
 * page then goes on to `redirect`.
 */
export default function TwoFactorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, user, twoFactor } = useSession();
  const redirect = safeRedirectPath(params.get('redirect'), paths.checkout);

  if (status === 'loading' || (user && twoFactor === 'loading')) return <PageLoading />;
  const challenge = user ? null : pendingTwoFactorChallenge();
  if (!user && !challenge) return <Navigate to={authPath(redirect)} replace />;
  if (user && twoFactor !== 'required') return <Navigate to={redirect} replace />;
  // Signing out also drops a held challenge.
  const startOver = () => signOut().then(() => navigate(paths.auth, { replace: true }));

  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 480, mx: 'auto' }}>
      <PageHeading title="Two-Factor Verification" variant="h4" gutterBottom />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter the 6-digit code from your authenticator app to finish signing in.
      </Typography>
      <TwoFactorCodeForm
        submitLabel="Verify"
        allowRecoveryCode
        // Once the server records the verification (and, after a password, the sign-in is
        // made), the session turns `verified` and this page sends the person on (above), so
        // the guard never sees a stale state.
        onCode={user ? verifyTwoFactor : (code) => completeTwoFactorSignIn(code).then(() => {})}
      />
      <Button sx={{ mt: 2 }} onClick={() => void startOver()}>
        Sign out and use another account
      </Button>
    </Paper>
  );
}
