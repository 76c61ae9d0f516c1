import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { PASSWORD_MESSAGES } from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { PageHeading } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { checkResetLink } from '@/features/auth/api/checkResetLink';

/**
 * /reset-password: where the reset e-mail's link lands. A valid code leads to
 * /new-password; an invalid or used one says so; no code at all goes to "Forgot password?".
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode');
  const [valid, setValid] = useState<boolean | null>(null);
  useEffect(() => {
    if (oobCode) void checkResetLink(oobCode).then((email) => setValid(email !== null));
  }, [oobCode]);

  if (!oobCode) return <Navigate to={`${paths.auth}?view=forgot`} replace />;
  if (valid === null) return <PageLoading />;
  if (valid) {
    return <Navigate to={`${paths.newPassword}?oobCode=${encodeURIComponent(oobCode)}`} replace />;
  }
  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 520, mx: 'auto' }}>
      <PageHeading title="Reset Password" variant="h4" gutterBottom />
      <Alert severity="error" sx={{ mb: 3 }}>
        {PASSWORD_MESSAGES.resetLinkInvalid}
      </Alert>
      <Button variant="contained" component={RouterLink} to={`${paths.auth}?view=forgot`}>
        Request a New Link
      </Button>
    </Paper>
  );
}
