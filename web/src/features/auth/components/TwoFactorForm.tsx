import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FORM_PARSE_OPTIONS, recoveryCodeSchema, totpCodeSchema } from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const authenticatorCode = z.object({ code: totpCodeSchema });
const recoveryCode = z.object({ code: recoveryCodeSchema });

const FIELDS = {
  authenticator: {
    schema: authenticatorCode,
    label: 'Authentication code',
    help: 'The 6-digit code from your authenticator app',
    autoComplete: 'one-time-code',
    inputMode: 'numeric' as const,
    maxLength: 7,
  },
  recovery: {
    schema: recoveryCode,
    label: 'Recovery code',
    help: 'One of the recovery codes you saved when you turned two-factor on',
    autoComplete: 'off',
    inputMode: 'text' as const,
    maxLength: 13,
  },
};

type Kind = keyof typeof FIELDS;

/**
 * A 6-digit authenticator code and a submit button; `onCode` does the work. With
 * `allowRecoveryCode` (the sign-in page) the person may switch to a one-time recovery code.
 */
export function TwoFactorCodeForm({
  submitLabel,
  onCode,
  allowRecoveryCode = false,
}: {
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  allowRecoveryCode?: boolean;
}) {
  const [kind, setKind] = useState<Kind>('authenticator');
  return (
    <Stack spacing={1}>
      <CodeForm key={kind} kind={kind} submitLabel={submitLabel} onCode={onCode} />
      {allowRecoveryCode && (
        <Button
          size="small"
          onClick={() => setKind(kind === 'authenticator' ? 'recovery' : 'authenticator')}
        >
          {kind === 'authenticator'
            ? 'Use a recovery code instead'
            : 'Use a code from your authenticator app'}
        </Button>
      )}
    </Stack>
  );
}

function CodeForm({
  kind,
  submitLabel,
  onCode,
}: {
  kind: Kind;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) {
  const field = FIELDS[kind];
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }, unknown, { code: string }>({
    resolver: zodResolver(field.schema, FORM_PARSE_OPTIONS),
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
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label={field.label}
        autoComplete={field.autoComplete}
        slotProps={{ htmlInput: { inputMode: field.inputMode, maxLength: field.maxLength } }}
        {...register('code')}
        error={Boolean(errors.code)}
        helperText={errors.code?.message ?? field.help}
      />
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : submitLabel}
      </Button>
    </Stack>
  );
}
