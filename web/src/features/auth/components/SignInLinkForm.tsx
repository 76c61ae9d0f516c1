import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { resendConfirmationInput } from '@rafflewin/domain';
import { OutcomeAlert } from '@/components/OutcomeAlert';
import { useOutcome } from '@/hooks/useOutcome';
import { useZodForm } from '@/hooks/useZodForm';
import { requestSignInLink } from '../api/requestSignInLink';

/** "Email me a sign-in link": a one-time link by e-mail instead of a password. */
export function SignInLinkForm({ redirect }: { redirect: string }) {
  const { outcome, report } = useOutcome();
  const { handleSubmit, field, busy } = useZodForm(resendConfirmationInput, { email: '' });
  const submit = handleSubmit(({ email }) => report(() => requestSignInLink(email, redirect)));
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      <OutcomeAlert outcome={outcome} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Sending…' : 'Email Me a Sign-In Link'}
      </Button>
    </Stack>
  );
}
