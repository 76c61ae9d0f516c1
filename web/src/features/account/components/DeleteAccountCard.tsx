import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  DELETE_CONFIRMATION,
  deleteAccountInput,
  type DeleteAccountInput,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { paths } from '@/config/paths';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { signOut } from '@/lib/signOut';
import { AccountCard } from './AccountCard';

/**
 * The Danger Zone: deletes the account after the customer types DELETE. Personal data goes;
 * orders and tickets stay as anonymous records (the draws they are in must stay correct).
 */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput, unknown, z.output<typeof deleteAccountInput>>({
    resolver: zodResolver(deleteAccountInput),
    defaultValues: { confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('deleteAccount', values);
      // The account no longer exists; forget this browser's session too.
      await signOut().catch(() => undefined);
      void navigate(paths.home, { replace: true });
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.deleteFailed));
    }
  });

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
          busy={isSubmitting}
          error={failure}
          onSubmit={(event) => void submit(event)}
          onClose={() => setOpen(false)}
        >
          <Alert severity="warning">This cannot be undone.</Alert>
          <Typography>
            Type <strong>{DELETE_CONFIRMATION}</strong> to confirm.
          </Typography>
          <TextField
            label="Confirmation"
            autoComplete="off"
            autoFocus
            {...register('confirmation')}
            error={Boolean(errors.confirmation)}
            helperText={errors.confirmation?.message}
          />
        </FormDialog>
      )}
    </AccountCard>
  );
}
