import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isEmailIdentifier, signInFormSchema } from '@rafflewin/domain';
import { useState } from 'react';
import { useZodForm } from '@/hooks/useZodForm';
import { UnverifiedEmailError } from '../api/completeSignIn';
import { signInWithPassword } from '../api/signInWithPassword';
import { signInWithUsername } from '../api/signInWithUsername';
import { useSignInCompletion } from '../hooks/useSignInCompletion';
import { ResendConfirmation } from './ResendConfirmation';

/**
 * Sign in with an e-mail address (the client SDK; the server for an account with two-factor
 * on) or a username (checked on the server, which answers a custom token). With two-factor on
 * the next step is /2fa. Unconfirmed accounts are asked to verify their address and offered a
 * resend.
 */
export function SignInForm({
  redirect,
  onBusyChange,
}: {
  redirect: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const complete = useSignInCompletion(redirect);
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(signInFormSchema, { identifier: '', password: '' });

  const submit = handleSubmit(async ({ identifier, password }) => {
    setError(null);
    setUnverifiedEmail(null);
    onBusyChange(true);
    try {
      const step = isEmailIdentifier(identifier)
        ? await signInWithPassword(identifier, password)
        : await signInWithUsername(identifier, password);
      await complete(step);
      // Still busy on success: the page must not treat the new session as "already signed
      // in" and redirect on its own before the navigation to /2fa or the target commits.
    } catch (caught) {
      if (caught instanceof UnverifiedEmailError) setUnverifiedEmail(caught.email);
      setError(caught instanceof Error ? caught.message : 'Failed to sign in');
      onBusyChange(false);
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      {unverifiedEmail && <ResendConfirmation email={unverifiedEmail} />}
      <TextField
        label="Email or username"
        autoComplete="username"
        {...register('identifier')}
        error={!!errors.identifier}
        helperText={errors.identifier?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={!!errors.password}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
    </Stack>
  );
}
