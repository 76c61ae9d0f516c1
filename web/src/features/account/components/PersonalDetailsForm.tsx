import { zodResolver } from '@hookform/resolvers/zod';
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
  type PersonalDetailsFormValues,
  type UserProfile,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PersonalDetailsFormValues, unknown, z.output<typeof personalDetailsSchema>>({
    resolver: zodResolver(personalDetailsSchema),
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phoneNumber: profile.phoneNumber ?? '',
      dateOfBirth: profile.dateOfBirth ?? '',
      // Not shown on the settings card: sent back unchanged.
      bio: profile.bio ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { bio, ...withoutBio } = values;
      await call('updatePersonalDetails', showBio ? { ...withoutBio, bio } : withoutBio);
      onSaved();
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.updateProfileFailed));
    }
  });

  const field = (name: keyof PersonalDetailsFormValues) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
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
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </Stack>
  );
}
