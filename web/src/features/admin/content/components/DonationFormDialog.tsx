import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import {
  DONATION_MESSAGES,
  donationFormSchema,
  penceToPoundsText,
  toLocalDateTimeText,
  type CharityDonation,
  type DonationFormValues,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

function initialValues(donation: CharityDonation | null): DonationFormValues {
  return {
    donationId: donation?.id ?? null,
    charityName: donation?.charityName ?? '',
    amount: donation ? penceToPoundsText(donation.amount) : '',
    date: toLocalDateTimeText(donation?.date ?? new Date()),
    description: donation?.description ?? '',
    imageUrl: donation?.imageUrl ?? '',
  };
}

/** Add Donation / Edit Donation: one form in add mode (`donation` null) or edit mode. */
export function DonationFormDialog({
  donation,
  onClose,
  onSaved,
}: {
  donation: CharityDonation | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DonationFormValues, unknown, z.output<typeof donationFormSchema>>({
    resolver: zodResolver(donationFormSchema),
    defaultValues: initialValues(donation),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('saveCharityDonation', values);
      onSaved(donation ? DONATION_MESSAGES.updated : DONATION_MESSAGES.added);
    } catch (error) {
      setFailure(toUserMessage(error, DONATION_MESSAGES.saveFailed));
    }
  });

  const field = (name: keyof DonationFormValues) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });

  return (
    <FormDialog
      title={donation ? 'Edit Donation' : 'Add Donation'}
      submitLabel={donation ? 'Save Changes' : 'Add Donation'}
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <TextField label="Charity name" required {...field('charityName')} />
      <TextField
        label="Amount (£)"
        required
        inputMode="decimal"
        placeholder="0.00"
        {...field('amount')}
      />
      <TextField
        label="Date"
        type="datetime-local"
        required
        slotProps={{ inputLabel: { shrink: true } }}
        {...field('date')}
      />
      <TextField label="Description" required multiline minRows={3} {...field('description')} />
      <TextField label="Image URL" {...field('imageUrl')} />
    </FormDialog>
  );
}
