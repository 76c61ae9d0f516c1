import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Raffle } from '@rafflewin/domain';
import { useState } from 'react';
import type { LoadStatus } from '@/lib/realtime';
import { RaffleCard } from './RaffleCard';

/** Cards per view: 1 under 640 px wide, 2 under 1024 px, otherwise 3. */
function useCardsPerView(): number {
  const isNarrow = useMediaQuery('(max-width:639.95px)');
  const isMedium = useMediaQuery('(max-width:1023.95px)');
  if (isNarrow) return 1;
  return isMedium ? 2 : 3;
}

/**
 * The home page's paged strip of live raffles: a page of 1, 2 or 3 cards depending on the
 * width, previous/next buttons and a page indicator.
 */
export function RaffleStrip({
  raffles,
  status,
  headingId,
}: {
  raffles: Raffle[];
  status: LoadStatus;
  /** The id of the heading that names the strip. */
  headingId: string;
}) {
  const perView = useCardsPerView();
  // The first card shown, rather than a page number, so a resize keeps it in view.
  const [firstIndex, setFirstIndex] = useState(0);
  const pageCount = Math.max(1, Math.ceil(raffles.length / perView));
  // Clamped on every render: the live list can shrink under the current page.
  const page = Math.min(Math.floor(firstIndex / perView), pageCount - 1);
  const grid = {
    display: 'grid',
    gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))`,
    gap: 3,
  };

  if (status === 'error') return <Alert severity="error">Failed to fetch raffles</Alert>;
  if (status === 'loading') {
    return (
      <Box sx={grid} aria-busy="true">
        {Array.from({ length: perView }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={380} />
        ))}
      </Box>
    );
  }
  if (raffles.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No active competitions at the moment
      </Typography>
    );
  }

  const shown = raffles.slice(page * perView, (page + 1) * perView);
  const goTo = (target: number) => setFirstIndex(target * perView);
  return (
    <Stack spacing={2} role="group" aria-labelledby={headingId}>
      <Box sx={grid}>
        {shown.map((raffle) => (
          <RaffleCard key={raffle.id} raffle={raffle} />
        ))}
      </Box>
      {pageCount > 1 && (
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="center">
          <IconButton
            aria-label="Previous competitions"
            onClick={() => goTo(page - 1)}
            disabled={page === 0}
          >
            <ChevronLeft />
          </IconButton>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            Page {page + 1} of {pageCount}
          </Typography>
          <IconButton
            aria-label="Next competitions"
            onClick={() => goTo(page + 1)}
            disabled={page === pageCount - 1}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
      )}
    </Stack>
  );
}
