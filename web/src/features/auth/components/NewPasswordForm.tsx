import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

export interface PasswordFields {
  password: string;
  confirmPassword: string;
  currentPassword?: string;
}

/**
 * A new password with its confirmation (and, to change a known password, the current one),
 * validated with the domain schema the callable uses; `onSubmit` does the work and answers
 * the success message.
 */
export function NewPasswordForm({
  schema,
  defaults,
  withCurrentPassword = false,
  submitLabel,
  onSubmit,
}: {
  schema: z.ZodType;
  defaults: PasswordFields;
  withCurrentPassword?: boolean;
  submitLabel: string;
  onSubmit: (values: PasswordFields) => Promise<string>;
}) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFields>({
    // The schemas take and give the same shape: strings in, the same strings out.
    resolver: zodResolver(schema as z.ZodType<PasswordFields, PasswordFields>),
    defaultValues: defaults,
  });
  const submit = handleSubmit(async (values) => {
    setResult(null);
    try {
      setResult({ ok: true, message: await onSubmit(values) });
    } catch (error) {
      setResult({ ok: false, message: (error as Error).message });
    }
  });
  const field = (name: keyof PasswordFields) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });
  const done = result?.ok === true;
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.message}
        </Alert>
      )}
      {withCurrentPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
        helperText={
          errors.password?.message ??
          'At least 8 characters with an uppercase and a lowercase letter, a number and one of !@#$%^&*'
        }
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting || done}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </Stack>
  );
}
