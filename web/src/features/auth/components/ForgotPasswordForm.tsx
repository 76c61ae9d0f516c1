import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  AUTH_STORAGE_KEYS,
  AUTH_TIMINGS,
  durationText,
  requestPasswordResetInput,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { useZodForm } from '@/hooks/useZodForm';
import { ResetRequestError, requestPasswordReset } from '../api/requestPasswordReset';

function secondsLeft(): number {
  const until = Number(localStorage.getItem(AUTH_STORAGE_KEYS.passwordResetRetryAt) ?? 0);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Starts the button's countdown: `seconds` from now, kept across reloads. */
function waitBeforeAnother(seconds: number): number {
  localStorage.setItem(AUTH_STORAGE_KEYS.passwordResetRetryAt, String(Date.now() + seconds * 1000));
  return seconds;
}

/** The countdown as the button reads it: "45s", or as raffle countdowns read, "14m 5s". */
const waitText = (seconds: number) => (seconds < 60 ? `${seconds}s` : durationText(seconds));

/**
 * "Forgot password?": e-mails reset instructions, then the button counts down 60 seconds
 * before another request (kept across reloads). The rate limit and an invalid address show
 * their hints; the rate limit also counts the button down to when the server takes another
 * request (its hints say to wait for that countdown).
 */
export function ForgotPasswordForm() {
  const [countdown, setCountdown] = useState(secondsLeft);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; hints: readonly string[] } | null>(
    null,
  );
  const {
    handleSubmit,
    field,
    formState: { isSubmitting },
  } = useZodForm(requestPasswordResetInput, { email: '' });

  useEffect(() => {
    if (countdown <= 0) return undefined;
    const timer = setTimeout(() => setCountdown(secondsLeft()), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const submit = handleSubmit(async ({ email }) => {
    setSent(null);
    setFailure(null);
    try {
      const message = await requestPasswordReset(email);
      setCountdown(waitBeforeAnother(AUTH_TIMINGS.resetRetrySeconds));
      setSent(message);
    } catch (error) {
      const refused =
        error instanceof ResetRequestError
          ? error
          : new ResetRequestError((error as Error).message, []);
      if (refused.retryAfterSeconds !== null) {
        setCountdown(waitBeforeAnother(refused.retryAfterSeconds));
      }
      setFailure({ message: refused.message, hints: refused.hints });
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {sent && (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      )}
      {failure && (
        <Alert severity="error">
          {failure.message}
          {failure.hints.length > 0 && (
            <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
              {failure.hints.map((hint) => (
                <li key={hint}>{hint}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isSubmitting || countdown > 0}
      >
        {isSubmitting
          ? 'Sending…'
          : countdown > 0
            ? `Resend available in ${waitText(countdown)}`
            : 'Send Reset Instructions'}
      </Button>
    </Stack>
  );
}
