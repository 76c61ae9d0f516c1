import TextField from '@mui/material/TextField';
import {
  WINNER_MESSAGES,
  penceToPoundsText,
  toUkDateTimeText,
  winnerFormSchema,
  type Winner,
  type WinnerFormValues,
} from '@rafflewin/domain';
import { Controller } from 'react-hook-form';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { RaffleSearchField } from '../../forms/RaffleSearchField';
import { useRaffleSearchEntry } from '../../forms/useRaffleSearch';
import { useZodForm } from '@/hooks/useZodForm';

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
    announcementDate: toUkDateTimeText(winner?.announcementDate ?? new Date()),
    // The version the form shows (the card it opened from stays live): a save over a later
    // change is refused, not applied.
    ...(winner ? { seenUpdatedAt: winner.updatedAt.getTime() } : {}),
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
  const [linked, setLinked] = useRaffleSearchEntry(winner?.raffleId ?? null);
  const { control, field, busy, failure, submitWith } = useZodForm(
    winnerFormSchema,
    initialValues(winner),
  );

  const submit = submitWith(async (values) => {
    await call('saveWinner', values);
    onSaved(winner ? WINNER_MESSAGES.updated : WINNER_MESSAGES.added);
  }, WINNER_MESSAGES.saveFailed);

  return (
    <FormDialog
      title={winner ? 'Edit Winner' : 'Add Winner'}
      submitLabel={winner ? 'Save Changes' : 'Add Winner'}
      busy={busy}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField label="Winner name" required {...field('winnerName')} />
      <TextField label="Prize name" required {...field('prizeName')} />
      <Controller
        name="raffleId"
        control={control}
        render={({ field: { onChange } }) => (
          <RaffleSearchField
            value={linked}
            onChange={(raffle) => {
              setLinked(raffle);
              onChange(raffle?.id ?? null);
            }}
            helperText="Search the shop's raffles; leave empty when the prize was not a raffle's"
          />
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
        label="Draw date (UK time)"
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        {...field('announcementDate')}
      />
      <TextField label="Winner image URL" {...field('imageUrl')} />
      <TextField label="Prize image URL" {...field('prizeImageUrl')} />
    </FormDialog>
  );
}
