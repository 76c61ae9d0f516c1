import DeleteSweep from '@mui/icons-material/DeleteSweep';
import Button from '@mui/material/Button';
import { NOTIFICATION_CONSTANTS, NOTIFICATION_MESSAGES } from '@rafflewin/domain';
import { useEffect, useState } from 'react';

/**
 * Delete all, in two steps: the first click asks "Confirm delete?", which turns back after
 * 3 seconds; a second click within them deletes.
 */
export function DeleteAllButton({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!confirming) return undefined;
    const timer = setTimeout(() => setConfirming(false), NOTIFICATION_CONSTANTS.deleteAllConfirmMs);
    return () => clearTimeout(timer);
  }, [confirming]);
  return (
    <Button
      color="error"
      variant={confirming ? 'contained' : 'outlined'}
      startIcon={<DeleteSweep />}
      disabled={busy}
      onClick={() => {
        if (!confirming) {
          setConfirming(true);
          return;
        }
        setConfirming(false);
        onConfirm();
      }}
    >
      {busy ? 'Deleting…' : confirming ? NOTIFICATION_MESSAGES.confirmDeleteAll : 'Delete all'}
    </Button>
  );
}
