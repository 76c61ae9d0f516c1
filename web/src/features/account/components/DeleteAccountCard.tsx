import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION, deleteAccountInput } from '@rafflewin/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/FormDialog';
import { paths } from '@/config/paths';
import { call } from '@/lib/callables';
import { signOut } from '@/lib/signOut';
import { useZodForm } from '@/hooks/useZodForm';
import { AccountCard } from './AccountCard';

/**
 * The Danger Zone: deletes the account after the customer types DELETE. Personal data goes;
 * orders and tickets stay as anonymous records (the draws they are in must stay correct).
 */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { reset, field, busy, failure, setFailure, submitWith } = useZodForm(deleteAccountInput, {
    confirmation: '',
  });

  const submit = submitWith(async (values) => {
    await call('deleteAccount', values);
    // The account no longer exists; forget this browser's session too.
    await signOut().catch(() => undefined);
    void navigate(paths.home, { replace: true });
  }, ACCOUNT_MESSAGES.deleteFailed);

  return (
    <AccountCard
      title="Delete Account"
      description="Permanently deletes your account: your profile, settings, notifications, saved raffles, saved cards, cart and support conversations. Your orders and tickets are kept without your name, e-mail or account, because draws and our accounts must stay correct. This cannot be undone."
    >
      <Button
        variant="contained"
        color="error"
        onClick={() => {
          reset();
          setFailure(null);
          setOpen(true);
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        Delete My Account
      </Button>
      {open && (
        <FormDialog
          title="Delete your account?"
          submitLabel="Delete Account"
          busy={busy}
          error={failure}
          onSubmit={submit}
          onClose={() => setOpen(false)}
        >
          <Alert severity="warning">This cannot be undone.</Alert>
          <Typography>
            Type <strong>{DELETE_CONFIRMATION}</strong> to confirm.
          </Typography>
          <TextField label="Confirmation" autoComplete="off" autoFocus {...field('confirmation')} />
        </FormDialog>
      )}
    </AccountCard>
  );
}
