import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACCOUNT_MESSAGES, addTestCardInput, type AddTestCardInput } from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * The local test provider's card form (no Stripe configured): Stripe's test numbers only.
 * The server keeps the brand, last four digits, expiry and funding type.
 */
export function AddTestCardDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AddTestCardInput, unknown, z.output<typeof addTestCardInput>>({
    resolver: zodResolver(addTestCardInput),
    defaultValues: { cardNumber: '', expiry: '', securityCode: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('addTestCard', values);
      onAdded();
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.addCardFailed));
    }
  });

  return (
    <FormDialog
      title="Add a Card"
      submitLabel="Save Card"
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Alert severity="info">
        Test mode: use 4242 4242 4242 4242 (Visa credit) or 4000 0566 5566 5556 (Visa debit), any
        future expiry and any security code.
      </Alert>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        {...register('cardNumber')}
        error={Boolean(errors.cardNumber)}
        helperText={errors.cardNumber?.message}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          {...register('expiry')}
          error={Boolean(errors.expiry)}
          helperText={errors.expiry?.message}
          fullWidth
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          {...register('securityCode')}
          error={Boolean(errors.securityCode)}
          helperText={errors.securityCode?.message}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
