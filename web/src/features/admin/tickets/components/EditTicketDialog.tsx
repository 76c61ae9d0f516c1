import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TICKET_ADMIN_MESSAGES,
  toUkDateTimeText,
  updateTicketFormSchema,
  type Ticket,
} from '@rafflewin/domain';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';

/** Edit a ticket's number (it must be free in its raffle) and purchase date. */
export function EditTicketDialog({
  ticket,
  onClose,
  onSaved,
}: {
  ticket: Ticket;
  onClose: () => void;
  onSaved: () => void;
}) {
  const {
    register,
    formState: { errors },
    busy,
    failure,
    submitWith,
  } = useZodForm(updateTicketFormSchema, {
    ticketId: ticket.id,
    ticketNumber: ticket.ticketNumber,
    purchaseDate: toUkDateTimeText(ticket.purchaseDate),
    // The version the form shows: a save over a later change is refused, not applied.
    seenUpdatedAt: ticket.updatedAt?.getTime() ?? null,
  });

  const submit = submitWith(async (values) => {
    await call('updateTicket', values);
    onSaved();
  }, TICKET_ADMIN_MESSAGES.updateFailed);

  return (
    <FormDialog
      title="Edit Ticket"
      submitLabel="Save Changes"
      busy={busy}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary">
        {ticket.raffle.name}, ticket #{ticket.ticketNumber}
      </Typography>
      <TextField
        label="Ticket number"
        type="number"
        required
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
        error={Boolean(errors.ticketNumber)}
        helperText={errors.ticketNumber?.message}
        {...register('ticketNumber', { valueAsNumber: true })}
      />
      <TextField
        label="Purchase date (UK time)"
        type="datetime-local"
        required
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(errors.purchaseDate)}
        helperText={errors.purchaseDate?.message}
        {...register('purchaseDate')}
      />
    </FormDialog>
  );
}
