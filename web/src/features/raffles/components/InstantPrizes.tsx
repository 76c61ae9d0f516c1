import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INSTANT_WIN_DEBIT_ONLY,
  instantOddsText,
  instantPrizeText,
  ticketsLeft,
  type Raffle,
} from '@rafflewin/domain';

/**
 * A raffle card's instant prizes (the Code asks for the odds to be shown): how many are left
 * among how many tickets, the prizes in a native disclosure (no script to load), those already
 * won marked, and that only debit cards are taken.
 */
export function InstantPrizes({ raffle }: { raffle: Raffle }) {
  const prizes = raffle.instantPrizes;
  if (prizes.length === 0) return null;
  return (
    <Stack
      spacing={0.5}
      data-testid="instant-prizes"
      sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="body2" fontWeight={600}>
        Instant wins
      </Typography>
      <Typography variant="body2" data-testid="instant-odds">
        {instantOddsText(prizes, ticketsLeft(raffle))}
      </Typography>
      <Box component="details" sx={{ typography: 'body2' }}>
        <Box component="summary" sx={{ cursor: 'pointer', color: 'primary.main' }}>
          See the instant prizes
        </Box>
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {prizes.map((prize, index) => (
            // Identical prizes may repeat: their place in the list tells them apart.
            <li key={index} data-testid="instant-prize">
              {instantPrizeText(prize)}
              {prize.won && (
                <Box component="strong" sx={{ color: 'text.secondary' }}>
                  {' '}
                  Won
                </Box>
              )}
            </li>
          ))}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="debit-only">
        {INSTANT_WIN_DEBIT_ONLY}
      </Typography>
    </Stack>
  );
}
