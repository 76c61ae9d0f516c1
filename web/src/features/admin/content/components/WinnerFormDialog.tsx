import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  WINNER_MESSAGES,
  penceToPoundsText,
  toLocalDateTimeText,
  winnerFormSchema,
  type Winner,
  type WinnerFormValues,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { useRaffleChoices } from '../api/useRaffleChoices';

function initialValues(winner: Winner | null): WinnerFormValues {
  return {
    winnerId: winner?.id ?? null,
    raffleId: winner?.raffleId ?? null,
    winnerName: winner?.winnerName ?? '',
    prizeName: winner?.prizeName ?? '',
    ticketNumber: winner?.ticketNumber ?? '',
    imageUrl: winner?.imageUrl ?? '',
    prizeImageUrl: winner?.prizeImageUrl ?? '',
    prizeValue: winner?.prizeValue == null ? '' : penceToPoundsText(winner.prizeValue),
    // The draw date defaults to now.
    announcementDate: toLocalDateTimeText(winner?.announcementDate ?? new Date()),
  };
}

/** Add Winner / Edit Winner: the same form in add mode (`winner` null) or edit mode. */
export function WinnerFormDialog({
  winner,
  onClose,
  onSaved,
}: {
  winner: Winner | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const raffles = useRaffleChoices();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WinnerFormValues, unknown, z.output<typeof winnerFormSchema>>({
    resolver: zodResolver(winnerFormSchema),
    defaultValues: initialValues(winner),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('saveWinner', values);
      onSaved(winner ? WINNER_MESSAGES.updated : WINNER_MESSAGES.added);
    } catch (error) {
      setFailure(toUserMessage(error, WINNER_MESSAGES.saveFailed));
    }
  });

  const field = (name: keyof WinnerFormValues) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });

  return (
    <FormDialog
      title={winner ? 'Edit Winner' : 'Add Winner'}
      submitLabel={winner ? 'Save Changes' : 'Add Winner'}
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <TextField label="Winner name" required {...field('winnerName')} />
      <TextField label="Prize name" required {...field('prizeName')} />
      <Controller
        name="raffleId"
        control={control}
        render={({ field: { value, onChange } }) => (
          <TextField
            select
            label="Raffle"
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value || null)}
          >
            <MenuItem value="">Not linked to a raffle</MenuItem>
            {raffles.map((raffle) => (
              <MenuItem key={raffle.id} value={raffle.id}>
                {raffle.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField label="Ticket number" {...field('ticketNumber')} />
      <TextField
        label="Prize value (£)"
        inputMode="decimal"
        placeholder="0.00"
        {...field('prizeValue')}
      />
      <TextField
        label="Draw date"
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        {...field('announcementDate')}
      />
      <TextField label="Winner image URL" {...field('imageUrl')} />
      <TextField label="Prize image URL" {...field('prizeImageUrl')} />
    </FormDialog>
  );
}
