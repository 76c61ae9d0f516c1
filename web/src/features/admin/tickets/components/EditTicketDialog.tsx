import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TICKET_ADMIN_MESSAGES,
  toLocalDateTimeText,
  updateTicketFormSchema,
  type Ticket,
  type UpdateTicketFormValues,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UpdateTicketFormValues, unknown, z.output<typeof updateTicketFormSchema>>({
    resolver: zodResolver(updateTicketFormSchema),
    defaultValues: {
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      purchaseDate: toLocalDateTimeText(ticket.purchaseDate),
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('updateTicket', values);
      onSaved();
    } catch (error) {
      setFailure(toUserMessage(error, TICKET_ADMIN_MESSAGES.updateFailed));
    }
  });

  return (
    <FormDialog
      title="Edit Ticket"
      submitLabel="Save Changes"
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
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
        label="Purchase date"
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
