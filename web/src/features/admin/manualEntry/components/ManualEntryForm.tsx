import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  MANUAL_ENTRY_MESSAGES,
  createManualEntryInput,
  type CreateManualEntryInput,
  type UserProfile,
} from '@rafflewin/domain';
import { useCallback, useEffect, useState } from 'react';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useRaffle } from '@/hooks/useRaffle';
import { useRequestKey } from '@/hooks/useRequestKey';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { CustomerTicketsFields, maxQuantityFor } from '../../forms/raffleFields';

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
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(createManualEntryInput, EMPTY);
  // Pressed again, or retried after a lost answer: the server answers with the first tickets.
  const requestKey = useRequestKey();
  const { handleSubmit, reset, setValue, getValues, watch, busy } = form;
  const raffle = useRaffle(watch('raffleId')).data;
  const maxQuantity = maxQuantityFor(raffle);
  // A quantity typed over the most is brought down to it (on leaving the field), and so is
  // one a raffle picked (or its tickets left changing) puts over it.
  const clampQuantity = useCallback(() => {
    const quantity = getValues('quantity');
    if (Number.isFinite(quantity) && quantity > maxQuantity) setValue('quantity', maxQuantity);
  }, [maxQuantity, getValues, setValue]);
  useEffect(clampQuantity, [clampQuantity]);

  const clear = () => {
    reset(EMPTY);
    setUser(null);
    setFailure(null);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setEntered(null);
    try {
      const result = await call('createManualEntry', {
        ...values,
        requestId: requestKey.keyFor(values),
      });
      requestKey.forget();
      setEntered({
        email: user?.email ?? '',
        raffleName: raffle?.name ?? '',
        orderNumber: result.orderNumber,
        numbers: result.ticketNumbers[values.raffleId] ?? [],
      });
      reset({ ...EMPTY, raffleId: values.raffleId });
      setUser(null);
    } catch (error) {
      setFailure(describeFailure(MANUAL_ENTRY_MESSAGES.failed)(error));
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
        <CustomerTicketsFields
          form={form}
          user={user}
          onUser={setUser}
          raffle={raffle}
          onQuantityBlur={clampQuantity}
        />
        <Stack direction="row" spacing={2} justifyContent="flex-end">
          <Button onClick={clear} disabled={busy}>
            Reset
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Adding…' : 'Add'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
