import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AUTH_TIMINGS, PASSWORD_MESSAGES, newPasswordFormSchema } from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { PageHeading } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { checkResetLink } from '@/features/auth/api/checkResetLink';
import { completePasswordReset } from '@/features/auth/api/completePasswordReset';
import { InvalidResetLink } from '@/features/auth/components/InvalidResetLink';
import { NewPasswordForm } from '@/features/auth/components/NewPasswordForm';
import { useSignOutAfterPasswordChange } from '@/features/auth/hooks/useSignOutAfter';
import { useSession } from '@/hooks/useSession';

/**
 * /new-password: reached only through a reset link (its code in the address).
 * Without one, signed-in people go to Change Password and others to /auth. The new password
 * follows the sign-up rules, checked again on the server; then on to /auth after 3 seconds.
 * The reset signed the account out everywhere: a tab signed in meanwhile signs out on the way.
 */
export default function NewPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, user } = useSession();
  const oobCode = params.get('oobCode');
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const signOutSoon = useSignOutAfterPasswordChange();
  useEffect(() => {
    if (oobCode) void checkResetLink(oobCode).then(setEmail);
  }, [oobCode]);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  if (!oobCode) {
    if (status === 'loading') return <PageLoading />;
    return <Navigate to={user ? paths.account.password : paths.auth} replace />;
  }
  if (email === undefined) return <PageLoading />;

  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 520, mx: 'auto' }}>
      <PageHeading title="Set a New Password" variant="h4" gutterBottom />
      {email === null ? (
        <InvalidResetLink />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Choose a new password for {email}.
          </Typography>
          <NewPasswordForm
            schema={newPasswordFormSchema}
            defaults={{ password: '', confirmPassword: '' }}
            submitLabel="Update Password"
            onSubmit={async ({ password, confirmPassword }) => {
              await completePasswordReset(oobCode, { password, confirmPassword });
              if (user) signOutSoon();
              else {
                redirectTimer.current = setTimeout(
                  () => void navigate(paths.auth, { replace: true }),
                  AUTH_TIMINGS.passwordRedirectMs,
                );
              }
              return PASSWORD_MESSAGES.updated;
            }}
          />
        </>
      )}
    </Paper>
  );
}
