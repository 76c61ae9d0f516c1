import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PROFILE_LIMITS,
  USER_BAN_MESSAGES,
  setUserBannedInput,
  type AdminUserRow,
  type SetUserBannedInput,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Ban with a reason: the account is disabled and signed out everywhere. */
export function BanUserDialog({
  user,
  onClose,
  onBanned,
}: {
  user: AdminUserRow;
  onClose: () => void;
  onBanned: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetUserBannedInput, unknown, z.output<typeof setUserBannedInput>>({
    resolver: zodResolver(setUserBannedInput),
    defaultValues: { uid: user.uid, banned: true, reason: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('setUserBanned', values);
      onBanned(USER_BAN_MESSAGES.banned);
    } catch (error) {
      setFailure(toUserMessage(error, USER_BAN_MESSAGES.updateFailed));
    }
  });

  return (
    <FormDialog
      title="Ban User"
      submitLabel="Ban User"
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Typography sx={{ wordBreak: 'break-all' }}>
        Ban {user.email}? Their account is disabled at once and they are signed out on every device.
        You can unban them later.
      </Typography>
      <TextField
        label="Reason for the ban"
        required
        multiline
        minRows={2}
        {...register('reason')}
        error={Boolean(errors.reason)}
        helperText={errors.reason?.message ?? 'Kept with the account and in the audit log'}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.banReasonMax } }}
      />
    </FormDialog>
  );
}
