import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACCOUNT_MESSAGES, addTestCardInput } from '@rafflewin/domain';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';

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
  const { field, busy, failure, submitWith } = useZodForm(addTestCardInput, {
    cardNumber: '',
    expiry: '',
    securityCode: '',
  });

  const submit = submitWith(async (values) => {
    await call('addTestCard', values);
    onAdded();
  }, ACCOUNT_MESSAGES.addCardFailed);

  return (
    <FormDialog
      title="Add a Card"
      submitLabel="Save Card"
      busy={busy}
      error={failure}
      onSubmit={submit}
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
        {...field('cardNumber')}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          {...field('expiry')}
          fullWidth
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          {...field('securityCode')}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
