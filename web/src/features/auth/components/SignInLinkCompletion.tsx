import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { UnverifiedEmailError } from '../api/completeSignIn';
import { completeSignInLink, rememberedSignInEmail } from '../api/completeSignInLink';
import { useSignInCompletion } from '../hooks/useSignInCompletion';

/**
 * Completes a one-time sign-in link. In the browser that asked for it the address is
 * remembered; elsewhere the person types it again (Firebase requires it, so a forwarded
 * link alone cannot sign anyone in).
 */
export function SignInLinkCompletion({
  href,
  redirect,
  onBusyChange,
}: {
  href: string;
  redirect: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const complete = useSignInCompletion(redirect);
  const remembered = useRef(rememberedSignInEmail());
  const started = useRef(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(Boolean(remembered.current));
  const [error, setError] = useState<string | null>(null);

  const finish = async (address: string) => {
    setBusy(true);
    setError(null);
    onBusyChange(true);
    try {
      await complete(await completeSignInLink(address, href));
      // Still busy on success, until the navigation commits (see SignInForm).
    } catch (caught) {
      setError(caught instanceof UnverifiedEmailError ? caught.message : (caught as Error).message);
      setBusy(false);
      onBusyChange(false);
    }
  };

  useEffect(() => {
    if (started.current || !remembered.current) return;
    started.current = true;
    void finish(remembered.current);
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish(email);
  };

  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      {busy ? (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Signing you in…</Typography>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <Typography>Please confirm the email address this sign-in link was sent to.</Typography>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="contained" disabled={!email.includes('@')}>
            Sign In
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
