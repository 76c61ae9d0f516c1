import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  POSTAL_GRACE_HOURS,
  postalEntryFormSchema,
  toUkDateTimeText,
  type PostalEntryFormValues,
  type RaffleSearchEntry,
  type RecordPostalEntryOutput,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '@/lib/callables';
import { useRequestKey } from '@/hooks/useRequestKey';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { RaffleSearchField } from '../../forms/RaffleSearchField';

const blank = (): PostalEntryFormValues => ({
  raffleId: '',
  receivedAt: toUkDateTimeText(new Date()),
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  answer: null,
});

/** The postcard intake: the card's details, checked, then recorded with its outcome. */
export function PostalEntryForm() {
  // A postcard can be for a raffle still open or one closed within the last week and its
  // grace (a late card may still earn a credit, or must be refused and recorded).
  const [closingFrom] = useState(
    () => new Date(Date.now() - (POSTAL_GRACE_HOURS + 24 * 7) * 60 * 60 * 1000),
  );
  const [raffle, setRaffle] = useState<RaffleSearchEntry | null>(null);
  const [result, setResult] = useState<RecordPostalEntryOutput | null>(null);
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  // This card's key: a second press, or a retry after a lost answer or a failure part way,
  // records nothing twice (never a second ticket); a card corrected after a failure is new.
  const requestKey = useRequestKey();
  const {
    control,
    reset,
    handleSubmit,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(postalEntryFormSchema, blank());

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setResult(null);
    try {
      setResult(
        await call('recordPostalEntry', { ...values, requestId: requestKey.keyFor(values) }),
      );
      reset({ ...blank(), raffleId: values.raffleId });
      requestKey.forget();
    } catch (error) {
      setFailure(describeFailure('Failed to record the postal entry')(error));
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {result && (
        <Alert
          severity={result.outcome === 'refused' ? 'warning' : 'success'}
          data-testid="postal-result"
        >
          {result.message}
          {result.accountCreated && ' A new customer account was created.'}
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Controller
        name="raffleId"
        control={control}
        render={({ field: { onChange } }) => (
          <RaffleSearchField
            value={raffle}
            onChange={(picked) => {
              setRaffle(picked);
              onChange(picked?.id ?? '');
            }}
            closingFrom={closingFrom}
            error={errors.raffleId ? 'Please select a raffle' : undefined}
          />
        )}
      />
      <TextField
        label="Received (UK time)"
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        {...field('receivedAt')}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="First name" fullWidth {...field('firstName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Last name" fullWidth {...field('lastName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Email" type="email" fullWidth {...field('email')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Phone" placeholder="+44…" fullWidth {...field('phone')} />
        </Grid>
      </Grid>
      <TextField label="Address" multiline minRows={2} {...field('address')} />
      <Controller
        name="answer"
        control={control}
        render={({ field: { value, onChange } }) => (
          <TextField
            select
            label="Answer on the card"
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value || null)}
            helperText="Leave empty when the raffle asks no question or the card gives no answer."
          >
            <MenuItem value="">No answer</MenuItem>
            <MenuItem value="A">A</MenuItem>
            <MenuItem value="B">B</MenuItem>
            <MenuItem value="C">C</MenuItem>
          </TextField>
        )}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isSubmitting ? 'Recording…' : 'Record postal entry'}
      </Button>
    </Stack>
  );
}
