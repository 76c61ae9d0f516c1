import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { SpendLimitForm } from './SpendLimitForm';

/** Asked once, before the first purchase: how much the customer wants to spend a month at most. */
export function SpendLimitDialog({
  onSaved,
  onClose,
}: {
  /** With the server's word on the limit: at once, or (a raise) from when. */
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="spend-limit-title" fullWidth maxWidth="xs">
      <DialogTitle id="spend-limit-title">Set a monthly spending limit</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          Before your first purchase, choose the most you want to spend on tickets each month. You
          can lower it at any time; a higher limit takes effect after 24 hours.
        </Typography>
        <SpendLimitForm current={null} onSaved={onSaved} submitLabel="Save and continue" />
      </DialogContent>
    </Dialog>
  );
}
