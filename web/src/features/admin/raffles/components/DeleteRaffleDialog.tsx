import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { RAFFLE_MESSAGES, formatPence, ticketsTaken, type Raffle } from '@rafflewin/domain';
import { useId, useState } from 'react';
import { useAction } from '@/hooks/useAction';
import { call } from '@/lib/callables';
import { refusalReason } from '@/lib/errors';
import { useAdminAccess } from '../../access/components/AdminAccess';

/**
 * Delete, with confirmation. A raffle with tickets cannot be deleted: the dialog offers to
 * cancel it instead, which refunds every paid order, voids the tickets and tells each
 * customer (also when the server is the one to find tickets, e.g. sold a moment ago).
 */
export function DeleteRaffleDialog({
  raffle,
  onClose,
  onDone,
}: {
  raffle: Raffle;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const titleId = useId();
  const { describeFailure } = useAdminAccess();
  const [mustCancel, setMustCancel] = useState(
    ticketsTaken(raffle) > 0 || Boolean(raffle.cancelledAt),
  );
  const { busy, error, run } = useAction();

  const remove = async () => {
    const removed = await run(
      async () => {
        await call('deleteRaffle', { raffleId: raffle.id });
        return true;
      },
      (caught) => {
        // A raffle with tickets is cancelled instead: the dialog offers it.
        if (refusalReason(caught) !== 'raffle-has-tickets') {
          return describeFailure(RAFFLE_MESSAGES.deleteFailed)(caught);
        }
        setMustCancel(true);
        return null;
      },
    );
    if (removed) onDone(RAFFLE_MESSAGES.deleted);
  };

  const cancel = () =>
    run(async () => {
      const result = await call('cancelRaffle', { raffleId: raffle.id });
      const extra = [
        result.refundedAmount > 0 && `${formatPence(result.refundedAmount)} returned`,
        result.creditReturned > 0 &&
          `${formatPence(result.creditReturned)} returned as account credit`,
        result.manualRefunds > 0 && `${result.manualRefunds} to refund by hand`,
        result.failedOrders.length > 0 &&
          `${result.failedOrders.length} refunds failed: cancel again to retry them`,
      ].filter(Boolean);
      onDone(
        `${RAFFLE_MESSAGES.cancelled(result.refundedOrders)}${extra.length ? ` (${extra.join(', ')})` : ''}`,
      );
    }, describeFailure(RAFFLE_MESSAGES.cancelFailed));

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{mustCancel ? 'Cancel raffle' : 'Delete raffle'}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {mustCancel ? (
          <>
            {!raffle.cancelledAt && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {RAFFLE_MESSAGES.hasTickets}
              </Alert>
            )}
            <DialogContentText>
              {raffle.cancelledAt
                ? `"${raffle.name}" is already cancelled. Running the cancellation again completes anything left (for example an order paid while it ran) and refunds nothing twice.`
                : `Cancelling "${raffle.name}" switches it off for good, refunds every paid order for it, voids its tickets and tells each customer by notification and e-mail. This cannot be undone.`}
            </DialogContentText>
          </>
        ) : (
          <DialogContentText>
            Delete "{raffle.name}"? This action cannot be undone.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Keep raffle
        </Button>
        {mustCancel ? (
          <Button color="error" variant="contained" onClick={() => void cancel()} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel raffle and refund'}
          </Button>
        ) : (
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
