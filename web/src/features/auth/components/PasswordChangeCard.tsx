import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_MESSAGES,
  passwordChangeCardSchema,
  type changePasswordInput,
} from '@rafflewin/domain';
import { changePassword } from '../api/changePassword';
import { useSignOutAfterPasswordChange } from '../hooks/useSignOutAfter';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * The settings page's Security tab: change the password (current one checked on the server;
 * "New passwords do not match", the sign-up rules). Every device signs out afterwards.
 */
export function PasswordChangeCard() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Change Password
        </Typography>
        <ChangePasswordForm
          schema={passwordChangeCardSchema}
          failureMessage={PASSWORD_MESSAGES.settingsUpdateFailed}
        />
      </CardContent>
    </Card>
  );
}

/**
 * The current password, a new one and its confirmation; on success every device is signed out
 * and this one goes to /auth after 3 seconds. `failureMessage` is the page's or the card's own.
 */
export function ChangePasswordForm({
  schema,
  failureMessage,
}: {
  schema: typeof passwordChangeCardSchema | typeof changePasswordInput;
  failureMessage: string;
}) {
  const signOutSoon = useSignOutAfterPasswordChange();
  return (
    <NewPasswordForm
      schema={schema}
      defaults={{ currentPassword: '', password: '', confirmPassword: '' }}
      withCurrentPassword
      submitLabel="Update Password"
      onSubmit={async ({ currentPassword = '', password, confirmPassword }) => {
        await changePassword({ currentPassword, password, confirmPassword }, failureMessage);
        signOutSoon();
        return PASSWORD_MESSAGES.updated;
      }}
    />
  );
}
