import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requestEmailChangeInput } from '@rafflewin/domain';
import { OutcomeAlert } from '@/components/OutcomeAlert';
import { useOutcome } from '@/hooks/useOutcome';
import { useSession } from '@/hooks/useSession';
import { useZodForm } from '@/hooks/useZodForm';
import { requestEmailChange } from '../api/requestEmailChange';

/**
 * The settings page's Account tab: change the e-mail address. The current password is
 * checked on the server, and the change applies only once the link sent to the new address
 * is opened (the profile's copy follows then).
 */
export function EmailChangeCard() {
  const { user } = useSession();
  const { outcome, report } = useOutcome();
  const empty = { newEmail: '', currentPassword: '' };
  const { handleSubmit, reset, field, busy } = useZodForm(requestEmailChangeInput, empty);
  const submit = handleSubmit(async (values) => {
    if (await report(() => requestEmailChange(values))) reset(empty);
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Email Address
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Current address: {user?.email}
        </Typography>
        <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
          <OutcomeAlert outcome={outcome} />
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            {...field('newEmail')}
          />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : 'Change Email'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
