import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { latestBirthDateForAge } from '@rafflewin/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';

type PersonName = 'firstName' | 'lastName' | 'phoneNumber' | 'dateOfBirth';

/**
 * A person's names, UK phone number and date of birth, bound by the form's `field`
 * (useZodForm). `own` for the signed-in person's own details: the browser may fill them in,
 * and the date picker stops at 18 years ago; an administrator editing someone else's gets
 * neither (autofill would offer the administrator's own details).
 */
export function PersonFields({
  field,
  own,
  dateOfBirthLocked,
}: {
  field: (
    name: PersonName,
    hint?: string,
  ) => UseFormRegisterReturn & { error: boolean; helperText: string | undefined };
  own: boolean;
  /** Why the date of birth cannot be changed here: shown read-only with this hint. */
  dateOfBirthLocked?: string;
}) {
  const fill = (autoComplete: string) => (own ? autoComplete : 'off');
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="First name"
          autoComplete={fill('given-name')}
          fullWidth
          {...field('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete={fill('family-name')}
          fullWidth
          {...field('lastName')}
        />
      </Stack>
      <TextField
        label="Phone number"
        type="tel"
        autoComplete={fill('tel')}
        placeholder="+447700900123"
        {...field('phoneNumber', 'Optional. A UK number: +44 and 10 digits.')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete={fill('bday')}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: dateOfBirthLocked
            ? { readOnly: true }
            : own
              ? { max: latestBirthDateForAge(new Date()) }
              : {},
        }}
        {...field(
          'dateOfBirth',
          dateOfBirthLocked ?? (own ? 'Entrants must be 18 or older.' : undefined),
        )}
      />
    </>
  );
}
