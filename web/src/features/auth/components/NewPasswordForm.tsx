import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { OutcomeAlert } from '@/components/OutcomeAlert';
import { useOutcome } from '@/hooks/useOutcome';
import { useZodForm } from '@/hooks/useZodForm';
import { NewPasswordFields } from './NewPasswordFields';

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
  const { outcome, report } = useOutcome();
  // The schemas take and give the same shape: strings in, the same strings out.
  const { handleSubmit, field, busy } = useZodForm(
    schema as z.ZodType<PasswordFields, PasswordFields>,
    defaults,
  );
  const submit = handleSubmit((values) => report(() => onSubmit(values)));
  const done = outcome?.ok === true;
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      <OutcomeAlert outcome={outcome} />
      {withCurrentPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
      )}
      <NewPasswordFields field={field} labels={['New password', 'Confirm new password']} />
      <Button type="submit" variant="contained" size="large" disabled={busy || done}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </Stack>
  );
}
