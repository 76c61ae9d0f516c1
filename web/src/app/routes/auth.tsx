import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/SignInForm';
import { useSession } from '@/hooks/useSession';

/** Only same-site paths are followed, so a crafted link cannot send people elsewhere. */
function safeRedirect(raw: string | null): string {
  if (!raw) return paths.home;
  if (raw === 'checkout') return paths.checkout;
  return raw.startsWith('/') && !raw.startsWith('//') ? raw : paths.home;
}

export default function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user, status } = useSession();
  const redirect = safeRedirect(params.get('redirect'));

  if (status === 'success' && user) return <Navigate to={redirect} replace />;

  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 480, mx: 'auto' }}>
      <PageTitle title="Sign in" />
      <Typography variant="h4" component="h1" gutterBottom>
        Sign In
      </Typography>
      {params.get('admin') === 'true' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Admin Login: the site is in maintenance mode and only administrators can enter.
        </Alert>
      )}
      <SignInForm onSignedIn={() => navigate(redirect, { replace: true })} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Sign-up, username sign-in, e-mail links and password reset are coming soon.
      </Typography>
    </Paper>
  );
}
