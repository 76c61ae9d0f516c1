import TextField from '@mui/material/TextField';
import { ADD_TICKETS_MESSAGES, addTicketsFormSchema, type UserProfile } from '@rafflewin/domain';
import { useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useRaffle } from '@/hooks/useRaffle';
import { useRequestKey } from '@/hooks/useRequestKey';
import { CustomerTicketsFields } from '../../forms/raffleFields';

/**
 * Add tickets: a customer, a raffle, a quantity and an optional minimum ticket number. The
 * server gives the lowest free numbers at or above the minimum; in a raffle with instant prizes,
 * free numbers at or above it at random (lowest first would leave holes where the prizes are).
 */
export function AddTicketsDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (numbers: number[]) => void;
}) {
  const [user, setUser] = useState<UserProfile | null>(null);
  const form = useZodForm(addTicketsFormSchema, {
    userId: '',
    raffleId: '',
    quantity: 1,
    minNumber: '',
  });
  const {
    register,
    watch,
    formState: { errors },
    busy,
    failure,
    submitWith,
  } = form;
  const raffle = useRaffle(watch('raffleId')).data;
  // Pressed again, or retried after a lost answer: the server answers with the first tickets.
  const requestKey = useRequestKey();

  const submit = submitWith(async (values) => {
    const result = await call('addTicketsForUser', {
      ...values,
      requestId: requestKey.keyFor(values),
    });
    requestKey.forget();
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
      <CustomerTicketsFields form={form} user={user} onUser={setUser} raffle={raffle} />
      <TextField
        label="Minimum ticket number (optional)"
        inputMode="numeric"
        error={Boolean(errors.minNumber)}
        helperText={
          errors.minNumber?.message ??
          (raffle?.instantPrizes.length
            ? 'Free numbers from here on are given at random, never an instant prize'
            : 'The lowest free numbers from here on are given')
        }
        {...register('minNumber')}
      />
    </FormDialog>
  );
}
