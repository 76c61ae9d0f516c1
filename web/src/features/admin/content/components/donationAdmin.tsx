import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { DONATION_MESSAGES, type CharityDonation } from '@rafflewin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { DonationFormDialog } from './DonationFormDialog';

/** Reports a success message; the page shows it, since a deleted row is gone at once. */
type OnDone = (message: string) => void;

/** Add Donation, for administrators on /charity. */
export function AddDonationButton({ onDone }: { onDone: OnDone }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<Add />} onClick={() => setOpen(true)}>
        Add Donation
      </Button>
      {open && (
        <DonationFormDialog
          donation={null}
          onClose={() => setOpen(false)}
          onSaved={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      )}
    </>
  );
}

/** Edit and delete beside a donation, for administrators. */
export function DonationActions({
  donation,
  onDone,
}: {
  donation: CharityDonation;
  onDone: OnDone;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('deleteCharityDonation', { donationId: donation.id });
      setConfirming(false);
      onDone(DONATION_MESSAGES.deleted);
    } catch (caught) {
      setConfirming(false);
      setError(toUserMessage(caught, DONATION_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={0.5}>
        <IconButton
          size="small"
          aria-label={`Edit ${donation.charityName}`}
          onClick={() => setEditing(true)}
        >
          <Edit fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          color="error"
          aria-label={`Delete ${donation.charityName}`}
          onClick={() => setConfirming(true)}
        >
          <Delete fontSize="small" />
        </IconButton>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {editing && (
        <DonationFormDialog
          donation={donation}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete donation"
          message={`Delete the donation to ${donation.charityName}? This action cannot be undone.`}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
