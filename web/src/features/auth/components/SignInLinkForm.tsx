import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { resendConfirmationInput } from '@rafflewin/domain';
import { useState } from 'react';
import { useZodForm } from '@/hooks/useZodForm';
import { requestSignInLink } from '../api/requestSignInLink';

/** "Email me a sign-in link": a one-time link by e-mail instead of a password. */
export function SignInLinkForm({ redirect }: { redirect: string }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    handleSubmit,
    field,
    formState: { isSubmitting },
  } = useZodForm(resendConfirmationInput, { email: '' });
  const submit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      setResult({ ok: true, message: await requestSignInLink(email, redirect) });
    } catch (error) {
      setResult({ ok: false, message: (error as Error).message });
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.message}
        </Alert>
      )}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Email Me a Sign-In Link'}
      </Button>
    </Stack>
  );
}
