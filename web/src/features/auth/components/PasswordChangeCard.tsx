import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PASSWORD_MESSAGES, passwordChangeCardSchema } from '@rafflewin/domain';
import { changePassword } from '../api/changePassword';
import { useSignOutAfterPasswordChange } from '../hooks/useSignOutAfter';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * The settings page's Security tab: change the password (current one checked on the server;
 * "New passwords do not match", the sign-up rules). Every device signs out afterwards.
 */
export function PasswordChangeCard() {
  const signOutSoon = useSignOutAfterPasswordChange();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Change Password
        </Typography>
        <NewPasswordForm
          schema={passwordChangeCardSchema}
          defaults={{ currentPassword: '', password: '', confirmPassword: '' }}
          withCurrentPassword
          submitLabel="Update Password"
          onSubmit={async ({ currentPassword = '', password, confirmPassword }) => {
            await changePassword(
              { currentPassword, password, confirmPassword },
              PASSWORD_MESSAGES.settingsUpdateFailed,
            );
            signOutSoon();
            return PASSWORD_MESSAGES.updated;
          }}
        />
      </CardContent>
    </Card>
  );
}
