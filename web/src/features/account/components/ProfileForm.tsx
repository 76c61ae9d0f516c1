import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_MESSAGES,
  PROFILE_LIMITS,
  saveProfileInput,
  type UserProfile,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { FlashMessage } from '@/components/FlashMessage';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/hooks/useZodForm';

/**
 * Profile Settings: username and bio (the e-mail is shown, not edited here). The callable
 * checks the username is free whatever its case and saves both in one transaction.
 */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(saveProfileInput, { username: profile.username ?? '', bio: profile.bio ?? '' });
  // Changed elsewhere (support, another tab): the untouched fields follow, so saving never
  // writes the old username or bio back.
  const { username = null, bio = null } = profile;
  useEffect(() => {
    reset({ username: username ?? '', bio: bio ?? '' }, { keepDirtyValues: true });
  }, [username, bio, reset]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await call('saveProfile', values);
      reset({ username: result.username ?? '', bio: result.bio ?? '' });
      setSaved(ACCOUNT_MESSAGES.profileUpdated);
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.updateProfileFailed));
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Email"
        value={profile.email}
        slotProps={{ input: { readOnly: true } }}
        helperText="Change your e-mail address in Account Settings."
      />
      <TextField
        label="Username"
        autoComplete="username"
        {...register('username')}
        error={Boolean(errors.username)}
        helperText={
          errors.username?.message ??
          '3 to 30 letters, digits, underscores or full stops. You can sign in with it.'
        }
      />
      <TextField
        label="Bio"
        multiline
        minRows={3}
        {...field('bio', `Up to ${PROFILE_LIMITS.bioMax} characters.`)}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isSubmitting ? 'Saving…' : 'Save Profile'}
      </Button>
      <FlashMessage message={saved} onClose={() => setSaved(null)} />
    </Stack>
  );
}
