import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { twoFactorCodeInput, type TwoFactorCodeInput } from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

/** A 6-digit authenticator code and a submit button; `onCode` does the work. */
export function TwoFactorCodeForm({
  submitLabel,
  onCode,
}: {
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeInput, unknown, z.output<typeof twoFactorCodeInput>>({
    resolver: zodResolver(twoFactorCodeInput),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      setFailure((error as Error).message);
      reset({ code: '' });
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        {...register('code')}
        error={Boolean(errors.code)}
        helperText={errors.code?.message ?? 'The 6-digit code from your authenticator app'}
      />
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : submitLabel}
      </Button>
    </Stack>
  );
}
