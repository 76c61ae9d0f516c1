import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INSTANT_WIN_MESSAGES,
  PAYOUT_CHOICES,
  PAYOUT_LABELS,
  instantWinId,
  instantWinText,
  type OrderInstantWin,
  type OrderItem,
  type PayoutChoice,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useAction } from '@/hooks/useAction';
import { call } from '@/lib/callables';
import { useInstantWin } from '../api/useInstantWin';

/**
 * One instant win of an order line and how its winner takes it: the prize, its cash alternative
 * or site credit, chosen once (a prize without a cash alternative is taken as the prize).
 */
function InstantWinPayout({ raffleId, win }: { raffleId: string; win: OrderInstantWin }) {
  const stored = useInstantWin(raffleId, win.ticketNumber);
  const { busy, error, run } = useAction();
  const [answer, setAnswer] = useState<string | null>(null);
  const payout = stored.data?.payout ?? null;
  const voided = Boolean(stored.data?.voidedAt);
  const choices = win.cashAlternative > 0 ? PAYOUT_CHOICES : (['prize'] as const);

  const choose = (choice: PayoutChoice) =>
    void run(async () => {
      const { message } = await call('chooseInstantWinPayout', {
        winId: instantWinId(raffleId, win.ticketNumber),
        payout: choice,
      });
      setAnswer(message);
    });

  return (
    <Stack spacing={1} alignItems="flex-start" data-testid="instant-win">
      <Stack direction="row" spacing={0.5} alignItems="center">
        <EmojiEvents fontSize="small" color="warning" aria-hidden />
        <Typography fontWeight={600} data-testid="instant-win-text">
          {instantWinText(win)}
        </Typography>
      </Stack>
      {voided && (
        <Typography variant="body2" color="text.secondary" data-testid="instant-win-void">
          {INSTANT_WIN_MESSAGES.voided}
        </Typography>
      )}
      {payout && !voided && (
        <Typography variant="body2" data-testid="payout-chosen">
          You chose: {PAYOUT_LABELS[payout]}
        </Typography>
      )}
      {stored.data && !payout && !voided && (
        <Stack spacing={0.5} data-print="hide">
          <Typography variant="body2">How would you like to take it?</Typography>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {choices.map((choice) => (
              <Button
                key={choice}
                size="small"
                variant="outlined"
                disabled={busy}
                onClick={() => choose(choice)}
              >
                {PAYOUT_LABELS[choice]}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
      {answer && (
        <Alert severity="success" data-print="hide">
          {answer}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}

/** An order line's instant wins, each with its payout choice (nothing for a line without). */
export function InstantWins({ item }: { item: OrderItem }) {
  if (!item.instantWins?.length) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {item.instantWins.map((win) => (
        <InstantWinPayout key={win.ticketNumber} raffleId={item.raffleId} win={win} />
      ))}
    </Stack>
  );
}
