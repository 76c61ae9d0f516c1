import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INSTANT_WIN_MESSAGES,
  instantPrizeText,
  verifyInstantWins,
  type InstantWinReveal,
} from '@rafflewin/domain';
import { useLoaded } from '@/hooks/useLoaded';

/**
 * The instant prizes the draw revealed, by ticket number, and whether they hash (with their
 * salt) to the fingerprint published before sales: checked in this browser as the page loads,
 * with the same code the server used (domain/src/instantWins.ts).
 */
export function InstantPrizesCheck({
  raffleId,
  reveal,
  commitment,
}: {
  raffleId: string;
  reveal: InstantWinReveal;
  commitment: string | null;
}) {
  const check = useLoaded(
    async () => (commitment ? verifyInstantWins(raffleId, commitment, reveal) : null),
    [raffleId, commitment, reveal],
  );
  const prizes = [...reveal.prizes].sort((a, b) => a.ticketNumber - b.ticketNumber);
  return (
    <Stack spacing={2}>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {prizes.map((prize) => (
          <Typography component="li" key={prize.ticketNumber} data-testid="revealed-prize">
            Ticket {prize.ticketNumber}: {instantPrizeText(prize)}
          </Typography>
        ))}
      </Box>
      {check.value === null && <Alert severity="info">{INSTANT_WIN_MESSAGES.noFingerprint}</Alert>}
      {check.value !== undefined && check.value !== null && (
        <Alert severity={check.value ? 'success' : 'error'} data-testid="instant-check">
          {check.value ? INSTANT_WIN_MESSAGES.matches : INSTANT_WIN_MESSAGES.differs}
        </Alert>
      )}
    </Stack>
  );
}
