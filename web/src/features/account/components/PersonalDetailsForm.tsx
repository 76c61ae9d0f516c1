import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_MESSAGES,
  PROFILE_LIMITS,
  isAtLeastAge,
  personalDetailsDateLockedSchema,
  personalDetailsSchema,
  type PersonalDetailsFormValues,
  type PersonalDetailsValues,
  type UserProfile,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { PersonFields } from '@/components/PersonFields';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';

/** The form's fields as the profile has them. */
function onRecord(profile: UserProfile): PersonalDetailsFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    // Not shown on the settings card: sent back unchanged.
    bio: profile.bio ?? '',
  };
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
  // A date on record that shows someone under 18 is support's to correct: shown, not sent.
  const [dateLocked] = useState(
    () => !!profile.dateOfBirth && !isAtLeastAge(profile.dateOfBirth, new Date()),
  );
  const schema = dateLocked ? personalDetailsDateLockedSchema : personalDetailsSchema;
  const { field, busy, failure, submitWith, reset } = useZodForm<
    PersonalDetailsFormValues,
    PersonalDetailsValues
  >(schema, onRecord(profile));
  // The profile changed elsewhere (support corrected it, another tab saved): the fields the
  // person has not touched follow, so saving never writes the old values back.
  const recorded = JSON.stringify(onRecord(profile));
  useEffect(() => {
    reset(JSON.parse(recorded) as PersonalDetailsFormValues, { keepDirtyValues: true });
  }, [recorded, reset]);

  const submit = submitWith(async (values) => {
    const { bio, dateOfBirth, ...names } = values;
    // A locked date is left out altogether: the callable's encoding would send it as null.
    const details = dateOfBirth === undefined ? names : { ...names, dateOfBirth };
    await call('updatePersonalDetails', showBio ? { ...details, bio } : details);
    // The form shows what was saved (the phone number as stored), not what was typed.
    reset({
      ...values,
      phoneNumber: values.phoneNumber ?? '',
      dateOfBirth: values.dateOfBirth ?? profile.dateOfBirth ?? '',
      bio: values.bio ?? '',
    });
    onSaved();
  }, ACCOUNT_MESSAGES.updateProfileFailed);

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <PersonFields
        field={field}
        own
        dateOfBirthLocked={dateLocked ? ACCOUNT_MESSAGES.dateOfBirthLocked : undefined}
      />
      {showBio && (
        <TextField
          label="Bio"
          multiline
          minRows={3}
          {...field('bio', `Up to ${PROFILE_LIMITS.bioMax} characters.`)}
        />
      )}
      <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </Stack>
  );
}
