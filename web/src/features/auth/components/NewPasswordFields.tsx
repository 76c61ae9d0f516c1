import TextField from '@mui/material/TextField';
import { PASSWORD_MESSAGES } from '@rafflewin/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';

type NewPasswordName = 'password' | 'confirmPassword';

/**
 * A new password and its confirmation, bound by the form's `field` (useZodForm), the password
 * rules under the first until the schema finds fault with it.
 */
export function NewPasswordFields({
  field,
  labels,
}: {
  field: (
    name: NewPasswordName,
    hint?: string,
  ) => UseFormRegisterReturn & { error: boolean; helperText: string | undefined };
  /** The two fields' labels: "Password" or "New password", and its confirmation's. */
  labels: [string, string];
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        {...field('password', PASSWORD_MESSAGES.rules)}
      />
      <TextField
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
    </>
  );
}
