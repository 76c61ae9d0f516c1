import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  safeRedirectPath,
} from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { isSignInLink } from '@/features/auth/api/completeSignInLink';
import { confirmEmailChange } from '@/features/auth/api/confirmEmailChange';
import { verifyEmail } from '@/features/auth/api/verifyEmail';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { ResendConfirmation } from '@/features/auth/components/ResendConfirmation';
import { SignInForm } from '@/features/auth/components/SignInForm';
import { SignInLinkCompletion } from '@/features/auth/components/SignInLinkCompletion';
import { SignInLinkForm } from '@/features/auth/components/SignInLinkForm';
import { SignUpForm } from '@/features/auth/components/SignUpForm';
import { useSession } from '@/hooks/useSession';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { signOut } from '@/lib/signOut';

type View = 'signin' | 'signup' | 'forgot' | 'link';

const TITLES: Record<View, string> = {
  signin: 'Sign In',
  signup: 'Create an Account',
  forgot: 'Reset Your Password',
  link: 'Sign In with an Email Link',
};

function isView(value: string | null): value is View {
  return value === 'signin' || value === 'signup' || value === 'forgot' || value === 'link';
}

type LinkResult = { severity: 'success' | 'error'; message: string } | null;

/**
 * Applies a confirmation or e-mail change link that opened this page (mode and oobCode in
 * the address), once, and says how it went.
 */
function useActionLink(mode: string | null, oobCode: string | null) {
  const linkMode = mode === 'verifyEmail' || mode === 'verifyAndChangeEmail';
  // A link cut short in the e-mail (no code) is said to be broken, not checked for ever.
  const [result, setResult] = useState<LinkResult>(() =>
    linkMode && !oobCode ? { severity: 'error', message: AUTH_MESSAGES.linkIncomplete } : null,
  );
  const [busy, setBusy] = useState(linkMode && Boolean(oobCode));
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !oobCode) return;
    if (mode === 'verifyEmail') {
      applied.current = true;
      void verifyEmail(oobCode).then((ok) => {
        setResult(
          ok
            ? { severity: 'success', message: AUTH_MESSAGES.emailConfirmed }
            : {
                severity: 'error',
                message:
                  'This confirmation link is invalid or has already been used. Sign in to request a new one.',
              },
        );
        setBusy(false);
      });
    }
    if (mode === 'verifyAndChangeEmail') {
      applied.current = true;
      void confirmEmailChange(oobCode)
        .then(async () => {
          // Every device signs in again with the new address (the server revoked the old sessions).
          await signOut().catch(() => undefined);
          setResult({ severity: 'success', message: EMAIL_CHANGE_MESSAGES.confirmed });
        })
        .catch((error: Error) => setResult({ severity: 'error', message: error.message }))
        .finally(() => setBusy(false));
    }
  }, [mode, oobCode]);
  return { result, busy };
}

/**
 * /auth: sign in (e-mail or username), sign up, forgot password and one-time
 * e-mail links; it also completes the links our e-mails carry (confirmation, sign-in link,
 * e-mail change). `redirect` says where to go afterwards (same-site paths only; `checkout`
 * means /checkout), `confirmation=true`, `admin=true` and `expired=true` show their notices.
 * (A password reset link carries Firebase's `mode`/`oobCode` and lands on /reset-password.)
 */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const { user, status } = useSession();
  const { settings } = useSiteSettings();
  const redirect = safeRedirectPath(params.get('redirect'), paths.checkout);
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  const requested = params.get('view');
  const [view, setView] = useState<View>(isView(requested) ? requested : 'signin');
  const [signingIn, setSigningIn] = useState(false);
  const [signedUp, setSignedUp] = useState<{ message: string; email: string } | null>(null);
  const [href] = useState(() => window.location.href);
  const signInLink = mode === 'signIn' && isSignInLink(href);
  const action = useActionLink(mode, oobCode);

  // Someone already signed in (and not in the middle of signing in here) goes on.
  if (status === 'success' && user && !signingIn && !signInLink && !action.busy && !action.result) {
    return <Navigate to={redirect} replace />;
  }

  const show = (next: View) => {
    setView(next);
    setSignedUp(null);
    const nextParams = new URLSearchParams(params);
    nextParams.delete('confirmation');
    if (next === 'signin') nextParams.delete('view');
    else nextParams.set('view', next);
    setParams(nextParams, { replace: true });
  };

  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, mx: 'auto' }}>
      <PageTitle title={signInLink ? 'Signing In' : TITLES[view]} />
      <Typography variant="h4" component="h1" gutterBottom>
        {signInLink ? 'Signing In' : TITLES[view]}
      </Typography>
      <Stack spacing={2} sx={{ mb: 2 }}>
        {params.get('admin') === 'true' && (
          <Alert severity="warning">
            Admin Login: the site is in maintenance mode and only administrators can enter.
          </Alert>
        )}
        {settings.maintenanceMode && params.get('admin') !== 'true' && (
          <Alert severity="warning">{ACCESS_MESSAGES.maintenance}</Alert>
        )}
        {params.get('expired') === 'true' && (
          <Alert severity="info">{AUTH_MESSAGES.sessionExpired}</Alert>
        )}
        {params.get('expired') === 'suspended' && (
          <Alert severity="error">{ACCESS_MESSAGES.banned}</Alert>
        )}
        {params.get('confirmation') === 'true' && !action.result && (
          <Alert severity="success">{AUTH_MESSAGES.emailConfirmed}</Alert>
        )}
        {action.busy && (
          <Stack direction="row" spacing={2} alignItems="center" role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>Checking your link…</Typography>
          </Stack>
        )}
        {action.result && (
          <Alert severity={action.result.severity} role="status">
            {action.result.message}
          </Alert>
        )}
      </Stack>

      {signInLink ? (
        <SignInLinkCompletion href={href} redirect={redirect} onBusyChange={setSigningIn} />
      ) : (
        <>
          {(view === 'signin' || view === 'signup') && (
            <Tabs
              value={view}
              onChange={(_event, next: View) => show(next)}
              sx={{ mb: 3 }}
              variant="fullWidth"
            >
              <Tab label="Sign In" value="signin" />
              <Tab label="Sign Up" value="signup" />
            </Tabs>
          )}
          {view === 'signin' && (
            <>
              <SignInForm redirect={redirect} onBusyChange={setSigningIn} />
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                justifyContent="space-between"
                sx={{ mt: 2 }}
              >
                <Link component="button" type="button" onClick={() => show('forgot')}>
                  Forgot password?
                </Link>
                <Link component="button" type="button" onClick={() => show('link')}>
                  Email me a sign-in link instead
                </Link>
              </Stack>
            </>
          )}
          {view === 'signup' &&
            (!settings.registrationEnabled ? (
              <Alert severity="info">{AUTH_MESSAGES.registrationClosed}</Alert>
            ) : signedUp ? (
              <Stack spacing={2}>
                <Alert severity="success" role="status">
                  {signedUp.message}
                </Alert>
                <Typography color="text.secondary">
                  No e-mail after a few minutes? Check your spam folder, or ask for another link.
                </Typography>
                <ResendConfirmation email={signedUp.email} />
              </Stack>
            ) : (
              <SignUpForm onSignedUp={setSignedUp} />
            ))}
          {(view === 'forgot' || view === 'link') && (
            <>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {view === 'forgot'
                  ? 'Enter the email address of your account and we will send you a link to choose a new password.'
                  : 'Enter the email address of your account and we will send you a link that signs you in once.'}
              </Typography>
              {view === 'forgot' ? <ForgotPasswordForm /> : <SignInLinkForm redirect={redirect} />}
              <Divider sx={{ my: 3 }} />
              <Box sx={{ textAlign: 'center' }}>
                <Button onClick={() => show('signin')}>Back to Sign In</Button>
              </Box>
            </>
          )}
        </>
      )}
    </Paper>
  );
}
