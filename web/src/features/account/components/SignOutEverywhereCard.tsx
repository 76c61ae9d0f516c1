import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ACCOUNT_MESSAGES } from '@rafflewin/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { paths } from '@/config/paths';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { signOut } from '@/lib/signOut';
import { AccountCard } from './AccountCard';

/** The sign-out redirect: home after 100 ms. */
const SIGN_OUT_REDIRECT_MS = 100;

/**
 * Sign out from all devices: the server revokes every refresh token of the account (other
 * devices cannot renew their session), then this browser signs out too.
 */
export function SignOutEverywhereCard() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signOutEverywhere = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await call('revokeSessions', {});
      await signOut();
      setTimeout(() => void navigate(paths.home), SIGN_OUT_REDIRECT_MS);
    } catch (error) {
      // Why the server refused (a session already ended elsewhere, a suspension, maintenance).
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.signOutEverywhereFailed));
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <AccountCard
      title="Sign Out From All Devices"
      description="Ends every session of your account, on this device and any other. You will need to sign in again everywhere."
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button
        variant="outlined"
        color="warning"
        onClick={() => setAsking(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Sign Out From All Devices
      </Button>
      {asking && (
        <ConfirmDialog
          title="Sign out from all devices?"
          message="Every device signed in to your account, including this one, will be signed out."
          confirmLabel="Sign Out Everywhere"
          busy={busy}
          onConfirm={() => void signOutEverywhere()}
          onCancel={() => setAsking(false)}
        />
      )}
    </AccountCard>
  );
}
