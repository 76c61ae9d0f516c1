import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_MESSAGES,
  MINIMUM_AGE,
  PROFILE_LIMITS,
  personalDetailsSchema,
  ukToday,
  type UserProfile,
} from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';

/** The latest date of birth the date picker offers: 18 years ago today (UK time). */
function latestBirthDate(): string {
  const today = ukToday(new Date());
  return `${Number(today.slice(0, 4)) - MINIMUM_AGE}${today.slice(4)}`;
}

/**
 * Names, UK phone number, date of birth (18+) and, on Update Profile, the bio. Validated in the
 * browser and again by the `updatePersonalDetails` callable with the same schema.
 */
export function PersonalDetailsForm({
  profile,
  showBio,
  submitLabel = 'Save Changes',
  onSaved,
}: {
  profile: UserProfile;
  showBio: boolean;
  submitLabel?: string;
  onSaved: () => void;
}) {
  const {
    formState: { errors },
    field,
    busy,
    failure,
    submitWith,
  } = useZodForm(personalDetailsSchema, {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    // Not shown on the settings card: sent back unchanged.
    bio: profile.bio ?? '',
  });

  const submit = submitWith(async (values) => {
    const { bio, ...withoutBio } = values;
    await call('updatePersonalDetails', showBio ? { ...withoutBio, bio } : withoutBio);
    onSaved();
  }, ACCOUNT_MESSAGES.updateProfileFailed);

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" autoComplete="given-name" fullWidth {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" fullWidth {...field('lastName')} />
      </Stack>
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        placeholder="+447700900123"
        {...field('phoneNumber')}
        helperText={errors.phoneNumber?.message ?? 'Optional. A UK number: +44 and 10 digits.'}
      />
      <TextField
        label="Date of birth"
        type="date"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestBirthDate() } }}
        {...field('dateOfBirth')}
        helperText={errors.dateOfBirth?.message ?? 'Entrants must be 18 or older.'}
      />
      {showBio && (
        <TextField
          label="Bio"
          multiline
          minRows={3}
          {...field('bio')}
          helperText={errors.bio?.message ?? `Up to ${PROFILE_LIMITS.bioMax} characters.`}
        />
      )}
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </Stack>
  );
}
