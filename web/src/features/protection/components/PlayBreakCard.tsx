import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PLAY_BREAKS,
  PLAY_BREAK_PERIODS,
  PROTECTION_MESSAGES,
  formatLongDateTime,
  isOnBreak,
  type PlayBreakPeriod,
  type Protection,
} from '@rafflewin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAction } from '@/hooks/useAction';
import { call } from '@/lib/callables';

/**
 * Take a break from play: 24 hours to permanently. It cannot be cut short once started. `now`
 * is the page's clock, which turns when the break ends.
 */
export function PlayBreakCard({ protection, now }: { protection: Protection; now: Date }) {
  const [choice, setChoice] = useState<PlayBreakPeriod | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const onBreak = isOnBreak(protection, now);

  const start = async () => {
    if (!choice) return;
    setMessage(null);
    const started = await run(() => call('startPlayBreak', { period: choice }));
    // Worded here, in the zone the page shows dates in (the server words it in UK time).
    if (started) {
      setMessage(
        PROTECTION_MESSAGES.breakStarted(started.breakUntil ? new Date(started.breakUntil) : null),
      );
    }
    setChoice(null);
  };

  return (
    <Stack spacing={2}>
      {protection.breakPermanent ? (
        <Alert severity="info">Your account is closed to play.</Alert>
      ) : onBreak && protection.breakUntil ? (
        <Alert severity="info">
          You are on a break until {formatLongDateTime(protection.breakUntil)}. You can make it
          longer, but not shorter.
        </Alert>
      ) : null}
      {message && <Alert severity="success">{message}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {!protection.breakPermanent && (
        <>
          <Typography>
            During a break you cannot buy tickets or claim free entries, and we send you no
            marketing e-mail. A break cannot be ended early.
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {PLAY_BREAK_PERIODS.map((period) => (
              <Button key={period} variant="outlined" onClick={() => setChoice(period)}>
                {PLAY_BREAKS[period].label}
              </Button>
            ))}
          </Stack>
        </>
      )}
      {choice && (
        <ConfirmDialog
          title="Take a break from play"
          message={
            choice === 'permanent'
              ? 'Close your account to play permanently? This cannot be undone online.'
              : `Take a break for ${PLAY_BREAKS[choice].label}? It cannot be ended early.`
          }
          confirmLabel="Start my break"
          busy={busy}
          onConfirm={() => void start()}
          onCancel={() => setChoice(null)}
        />
      )}
    </Stack>
  );
}
