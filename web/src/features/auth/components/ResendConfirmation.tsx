import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { resendConfirmation } from '../api/resendConfirmation';

/** "Resend confirmation email" for an account that has not confirmed its address yet. */
export function ResendConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });
  const resend = async () => {
    setState({ busy: true, message: null, failed: false });
    try {
      setState({ busy: false, message: await resendConfirmation(email), failed: false });
    } catch (error) {
      setState({ busy: false, message: (error as Error).message, failed: true });
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => void resend()} disabled={state.busy || !email}>
        {state.busy ? 'Sending…' : 'Resend confirmation email'}
      </Button>
      {state.message && (
        <Alert severity={state.failed ? 'error' : 'success'} role="status">
          {state.message}
        </Alert>
      )}
    </>
  );
}
