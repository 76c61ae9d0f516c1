import TextField from '@mui/material/TextField';
import {
  DONATION_MESSAGES,
  donationFormSchema,
  penceToPoundsText,
  toUkDateTimeText,
  type CharityDonation,
  type DonationFormValues,
} from '@rafflewin/domain';
import { FormDialog } from '@/components/FormDialog';
import { useZodForm } from '@/hooks/useZodForm';
import { call } from '@/lib/callables';

function initialValues(donation: CharityDonation | null): DonationFormValues {
  return {
    donationId: donation?.id ?? null,
    charityName: donation?.charityName ?? '',
    amount: donation ? penceToPoundsText(donation.amount) : '',
    date: toUkDateTimeText(donation?.date ?? new Date()),
    description: donation?.description ?? '',
    imageUrl: donation?.imageUrl ?? '',
    // The version the form shows (the row it opened from stays live): a save over a later
    // change is refused, not applied.
    ...(donation ? { seenUpdatedAt: donation.updatedAt?.getTime() ?? null } : {}),
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
  const { field, busy, failure, submitWith } = useZodForm(
    donationFormSchema,
    initialValues(donation),
  );
  const submit = submitWith(async (values) => {
    await call('saveCharityDonation', values);
    onSaved(donation ? DONATION_MESSAGES.updated : DONATION_MESSAGES.added);
  }, DONATION_MESSAGES.saveFailed);

  return (
    <FormDialog
      title={donation ? 'Edit Donation' : 'Add Donation'}
      submitLabel={donation ? 'Save Changes' : 'Add Donation'}
      busy={busy}
      error={failure}
      onSubmit={submit}
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
        label="Date (UK time)"
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
