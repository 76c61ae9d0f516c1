import TextField from '@mui/material/TextField';
import {
  ADD_TICKETS_MESSAGES,
  MAX_MANUAL_ENTRY_QUANTITY,
  addTicketsFormSchema,
  ticketsLeft,
  type UserProfile,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { UserIdControl } from '../../forms/raffleFields';
import { useRaffle } from '@/hooks/useRaffle';
import { RaffleSelect } from '../../manualEntry/components/RaffleSelect';

/**
 * Add tickets: a customer, a raffle, a quantity and an optional minimum ticket number. The
 * server gives the lowest free numbers at or above the minimum.
 */
export function AddTicketsDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (numbers: number[]) => void;
}) {
  const [user, setUser] = useState<UserProfile | null>(null);
  const {
    register,
    control,
    watch,
    formState: { errors },
    busy,
    failure,
    submitWith,
  } = useZodForm(addTicketsFormSchema, { userId: '', raffleId: '', quantity: 1, minNumber: '' });
  const raffle = useRaffle(watch('raffleId')).data;
  const maxQuantity = Math.max(
    1,
    Math.min(MAX_MANUAL_ENTRY_QUANTITY, raffle ? ticketsLeft(raffle) : MAX_MANUAL_ENTRY_QUANTITY),
  );

  const submit = submitWith(async (values) => {
    const result = await call('addTicketsForUser', values);
    onAdded(result.ticketNumbers[values.raffleId] ?? []);
  }, ADD_TICKETS_MESSAGES.failed);

  return (
    <FormDialog
      title="Add Tickets"
      submitLabel="Add Tickets"
      busy={busy}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserIdControl control={control} errors={errors} user={user} onUser={setUser} />
      <Controller
        name="raffleId"
        control={control}
        render={({ field: { value, onChange } }) => (
          <RaffleSelect
            raffle={raffle}
            value={value}
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
        error={Boolean(errors.quantity)}
        helperText={errors.quantity?.message ?? `At most ${maxQuantity} at a time`}
        {...register('quantity', { valueAsNumber: true })}
      />
      <TextField
        label="Minimum ticket number (optional)"
        inputMode="numeric"
        error={Boolean(errors.minNumber)}
        helperText={errors.minNumber?.message ?? 'The lowest free numbers from here on are given'}
        {...register('minNumber')}
      />
    </FormDialog>
  );
}
