import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { WINNER_MESSAGES, type Winner } from '@rafflewin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { WinnerFormDialog } from './WinnerFormDialog';

/** Reports a success message; the page shows it, since a deleted card is gone at once. */
type OnDone = (message: string) => void;

/** Add Winner, for administrators on /winners. */
export function AddWinnerButton({ onDone }: { onDone: OnDone }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<Add />} onClick={() => setOpen(true)}>
        Add Winner
      </Button>
      {open && (
        <WinnerFormDialog
          winner={null}
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

/** Edit and delete on a winner's card, for administrators. */
export function WinnerActions({ winner, onDone }: { winner: Winner; onDone: OnDone }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('deleteWinner', { winnerId: winner.id });
      setConfirming(false);
      onDone(WINNER_MESSAGES.deleted);
    } catch (caught) {
      setConfirming(false);
      setError(toUserMessage(caught, WINNER_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <IconButton aria-label={`Edit ${winner.winnerName}`} onClick={() => setEditing(true)}>
          <Edit />
        </IconButton>
        <IconButton
          aria-label={`Delete ${winner.winnerName}`}
          color="error"
          onClick={() => setConfirming(true)}
        >
          <Delete />
        </IconButton>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {editing && (
        <WinnerFormDialog
          winner={winner}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete winner"
          message={`Delete ${winner.winnerName} (${winner.prizeName})? This action cannot be undone.`}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
