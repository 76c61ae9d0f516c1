import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LiveRaffles } from '../api/useLiveRaffles';

/** "Show more competitions" under a listing, while more live raffles may be on sale. */
export function ShowMoreRaffles({ live }: { live: LiveRaffles }) {
  if (live.status !== 'success' || !live.hasMore) return null;
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Button variant="outlined" onClick={live.showMore} disabled={live.loadingMore}>
        {live.loadingMore ? 'Loading…' : 'Show more competitions'}
      </Button>
    </Box>
  );
}
