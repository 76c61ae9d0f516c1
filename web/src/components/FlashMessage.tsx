import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SUCCESS_MESSAGE_MS } from '@rafflewin/domain';

/** A success message that goes away by itself after 3 seconds. */
export function FlashMessage({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={SUCCESS_MESSAGE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  );
}
