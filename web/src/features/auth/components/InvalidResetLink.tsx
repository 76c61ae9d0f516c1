import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PASSWORD_MESSAGES } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** A reset link that is invalid, used or expired: the message and a way to get a new one. */
export function InvalidResetLink() {
  return (
    <>
      <Alert severity="error" sx={{ mb: 3 }}>
        {PASSWORD_MESSAGES.resetLinkInvalid}
      </Alert>
      <Button variant="contained" component={RouterLink} to={`${paths.auth}?view=forgot`}>
        Request a New Link
      </Button>
    </>
  );
}
