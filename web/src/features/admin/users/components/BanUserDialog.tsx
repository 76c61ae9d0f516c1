import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PROFILE_LIMITS,
  USER_BAN_MESSAGES,
  setUserBannedInput,
  type AdminUserRow,
} from '@rafflewin/domain';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';

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
  const { field, busy, failure, submitWith } = useZodForm(setUserBannedInput, {
    uid: user.uid,
    banned: true,
    reason: '',
  });

  const submit = submitWith(async (values) => {
    await call('setUserBanned', values);
    onBanned(USER_BAN_MESSAGES.banned);
  }, USER_BAN_MESSAGES.updateFailed);

  return (
    <FormDialog
      title="Ban User"
      submitLabel="Ban User"
      busy={busy}
      error={failure}
      onSubmit={submit}
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
        {...field('reason', 'Kept with the account and in the audit log')}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.banReasonMax } }}
      />
    </FormDialog>
  );
}
