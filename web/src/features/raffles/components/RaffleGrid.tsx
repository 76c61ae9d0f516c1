import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Raffle } from '@rafflewin/domain';
import type { LoadStatus } from '@/lib/realtime';
import { RaffleCard } from './RaffleCard';

/**
 * The height of a raffle card below its 16:10 image, measured in Chromium at 375–1280 px
 * (cards are 540–560 px tall with a 230 px image): what a placeholder reserves.
 */
const CARD_CONTENT_HEIGHT = 316;

/** A card grid, three columns on wide screens, with loading, error and empty states. */
export function RaffleGrid({
  raffles,
  status,
  emptyMessage,
  highlightedId = null,
}: {
  raffles: Raffle[];
  status: LoadStatus;
  emptyMessage: string;
  /** A raffle to highlight (arriving from Enter Now). */
  highlightedId?: string | null;
}) {
  if (status === 'error') return <Alert severity="error">Failed to fetch raffles</Alert>;
  if (status === 'loading') {
    // One row of card-shaped placeholders (one card on phones, two on tablets, three on wide
    // screens), the size of a real card, so the page does not jump when the raffles arrive.
    return (
      <Grid container spacing={3} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Grid
            key={i}
            size={{ xs: 12, sm: 6, md: 4 }}
            sx={{
              display: {
                xs: i === 0 ? 'block' : 'none',
                sm: i < 2 ? 'block' : 'none',
                md: 'block',
              },
            }}
          >
            <Skeleton
              variant="rounded"
              sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 10' }}
            />
            <Skeleton variant="rounded" height={CARD_CONTENT_HEIGHT} sx={{ mt: 0.5 }} />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (raffles.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyMessage}
      </Typography>
    );
  }
  return (
    <Grid container spacing={3}>
      {raffles.map((raffle, index) => (
        <Grid key={raffle.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <RaffleCard
            raffle={raffle}
            highlighted={raffle.id === highlightedId}
            priority={index === 0}
          />
        </Grid>
      ))}
    </Grid>
  );
}
