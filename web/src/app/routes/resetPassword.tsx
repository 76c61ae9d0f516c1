import Paper from '@mui/material/Paper';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { PageHeading } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { checkResetLink } from '@/features/auth/api/checkResetLink';
import { InvalidResetLink } from '@/features/auth/components/InvalidResetLink';

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
      <InvalidResetLink />
    </Paper>
  );
}
