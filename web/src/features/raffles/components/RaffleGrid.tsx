import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Raffle } from '@rafflewin/domain';
import type { LoadStatus } from '@/lib/realtime';
import { RaffleCard } from './RaffleCard';

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
    return (
      <Grid container spacing={3} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
            <Skeleton variant="rounded" height={380} />
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
      {raffles.map((raffle) => (
        <Grid key={raffle.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <RaffleCard raffle={raffle} highlighted={raffle.id === highlightedId} />
        </Grid>
      ))}
    </Grid>
  );
}
