import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MANUAL_ENTRY_MESSAGES,
  MAX_MANUAL_ENTRY_QUANTITY,
  createManualEntryInput,
  ticketsLeft,
  type CreateManualEntryInput,
  type Raffle,
  type UserProfile,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/hooks/useZodForm';
import { UserIdControl } from '../../forms/raffleFields';
import { useRaffle } from '@/hooks/useRaffle';
import { RaffleSelect } from './RaffleSelect';

/** At most 100 at a time, and never more than the raffle has left. */
function maxQuantityFor(raffle: Raffle | undefined): number {
  const left = raffle ? ticketsLeft(raffle) : MAX_MANUAL_ENTRY_QUANTITY;
  return Math.max(1, Math.min(MAX_MANUAL_ENTRY_QUANTITY, left));
}

const EMPTY: CreateManualEntryInput = { userId: '', raffleId: '', quantity: 1 };

interface Entered {
  email: string;
  raffleName: string;
  orderNumber: string;
  numbers: number[];
}

/**
 * Manual Raffle Entry: a customer, a raffle and a quantity (clamped to 100 and to the tickets
 * left). The server enters them through the checkout's own reservation and fulfilment.
 */
export function ManualEntryForm() {
  const [user, setUser] = useState<UserProfile | null>(null);
  const [entered, setEntered] = useState<Entered | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(createManualEntryInput, EMPTY);
  const raffle = useRaffle(watch('raffleId')).data;
  const maxQuantity = maxQuantityFor(raffle);
  const clampQuantity = (max = maxQuantity) => {
    const quantity = getValues('quantity');
    if (Number.isFinite(quantity) && quantity > max) setValue('quantity', max);
  };
  // A raffle picked (or its tickets left changing) may lower the most that can be entered.
  useEffect(() => {
    const quantity = getValues('quantity');
    if (Number.isFinite(quantity) && quantity > maxQuantity) setValue('quantity', maxQuantity);
  }, [maxQuantity, getValues, setValue]);

  const clear = () => {
    reset(EMPTY);
    setUser(null);
    setFailure(null);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setEntered(null);
    try {
      const result = await call('createManualEntry', values);
      setEntered({
        email: user?.email ?? '',
        raffleName: raffle?.name ?? '',
        orderNumber: result.orderNumber,
        numbers: result.ticketNumbers[values.raffleId] ?? [],
      });
      reset({ ...EMPTY, raffleId: values.raffleId });
      setUser(null);
    } catch (error) {
      setFailure(toUserMessage(error, MANUAL_ENTRY_MESSAGES.failed));
    }
  });

  return (
    <Paper
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {entered && (
          <Alert severity="success" onClose={() => setEntered(null)}>
            {MANUAL_ENTRY_MESSAGES.added(entered.numbers.length, entered.email)} in{' '}
            {entered.raffleName} (order {entered.orderNumber}). Ticket numbers:{' '}
            {entered.numbers.map((n) => `#${n}`).join(', ')}
          </Alert>
        )}
        <UserIdControl control={control} errors={errors} user={user} onUser={setUser} />
        <Controller
          name="raffleId"
          control={control}
          render={({ field: { value, onChange } }) => (
            <RaffleSelect
              value={value}
              raffle={raffle}
              onChange={onChange}
              error={errors.raffleId?.message}
            />
          )}
        />
        <TextField
          label="Quantity"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, max: maxQuantity, step: 1 } }}
          helperText={
            errors.quantity?.message ??
            `At most ${maxQuantity} ${maxQuantity === 1 ? 'ticket' : 'tickets'} at a time`
          }
          error={Boolean(errors.quantity)}
          {...register('quantity', { valueAsNumber: true, onBlur: () => clampQuantity() })}
        />
        <Stack direction="row" spacing={2} justifyContent="flex-end">
          <Button onClick={clear} disabled={isSubmitting}>
            Reset
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Adding…' : 'Add'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
