import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { PASSWORD_MESSAGES, changePasswordInput } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { ChangePasswordForm } from '@/features/auth/components/PasswordChangeCard';

/**
 * Change Password: the current password (checked on the server), a new
 * one with the sign-up rules and its confirmation; on success every device is signed out and
 * this one goes to /auth after 3 seconds.
 */
export default function ChangePasswordPage() {
  return (
    <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, mx: 'auto' }}>
      <Button
        component={RouterLink}
        to={paths.account.settings}
        startIcon={<ArrowBack />}
        sx={{ mb: 2 }}
      >
        Back to Settings
      </Button>
      <PageHeading title="Change Password" variant="h4" gutterBottom />
      <ChangePasswordForm
        schema={changePasswordInput}
        failureMessage={PASSWORD_MESSAGES.updateFailed}
      />
    </Paper>
  );
}
