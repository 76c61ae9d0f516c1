import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { endsWithinWindow, isSoldOut, type Raffle } from '@rafflewin/domain';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { categoryPaths } from '@/config/paths';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useNow } from '@/hooks/useNow';
import type { LoadStatus } from '@/lib/realtime';
import type { RaffleLinkState } from '../hooks/useHighlightRaffle';
import { Countdown } from './Countdown';

const CARD_WIDTH = { xs: 220, sm: 260 };

/** Scroll step of the left/right buttons. */
function useScrollStep(): number {
  return useMediaQuery('(max-width:767.95px)') ? 200 : 300;
}

const EndingSoonCard = memo(function EndingSoonCard({ raffle }: { raffle: Raffle }) {
  const image = useImageOrPlaceholder(raffle.imageUrl);
  const nameId = `ending-soon-${raffle.id}-name`;
  const linkState: RaffleLinkState = { raffleId: raffle.id, endingSoon: true };
  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardMedia
        component="img"
        image={image.src}
        alt={raffle.name}
        onError={image.onError}
        width={800}
        height={500}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 10', objectFit: 'cover' }}
      />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography
          id={nameId}
          variant="subtitle1"
          component="h3"
          fontWeight={700}
          sx={{
            flexGrow: 1,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {raffle.name}
        </Typography>
        <Countdown endDate={raffle.endDate} />
        {/* Sold out: nothing to enter, and a category page of paid prizes leaves it out. */}
        {isSoldOut(raffle) ? (
          <Button variant="contained" fullWidth disabled aria-describedby={nameId}>
            Sold Out
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={categoryPaths[raffle.category]}
            state={linkState}
            variant="contained"
            fullWidth
            aria-describedby={nameId}
          >
            Enter Now
          </Button>
        )}
      </CardContent>
    </Card>
  );
});

/**
 * Ending Soon: the live raffles ending within 7 days, soonest first, in a horizontal scroller
 * with left/right buttons. Enter Now opens the raffle's category page, which scrolls to it; a
 * sold-out raffle reads Sold Out instead, with nothing to open.
 */
export function EndingSoon({
  raffles,
  status,
  headingId,
}: {
  raffles: Raffle[];
  status: LoadStatus;
  /** The id of the heading that names the list. */
  headingId: string;
}) {
  // Re-filtered each minute so raffles enter and leave the 7-day window while the page is open.
  const now = useNow(60_000);
  const endingSoon = useMemo(
    () =>
      raffles
        .filter((raffle) => endsWithinWindow(raffle, now))
        .sort((a, b) => a.endDate.getTime() - b.endDate.getTime()),
    [raffles, now],
  );
  const scrollStep = useScrollStep();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const scrollerRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const updateEdges = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const atStart = scroller.scrollLeft <= 1;
    const atEnd = scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
    setEdges((prev) =>
      prev.atStart === atStart && prev.atEnd === atEnd ? prev : { atStart, atEnd },
    );
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    updateEdges();
    const observer = new ResizeObserver(updateEdges);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [updateEdges, endingSoon.length]);

  const scroll = (direction: -1 | 1) =>
    scrollerRef.current?.scrollBy({
      left: direction * scrollStep,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });

  if (status === 'error') return <Alert severity="error">Failed to fetch raffles</Alert>;
  if (status === 'loading') {
    return (
      <Stack direction="row" spacing={2} aria-busy="true" sx={{ overflow: 'hidden' }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton
            key={i}
            variant="rounded"
            height={300}
            sx={{ flex: '0 0 auto', width: CARD_WIDTH }}
          />
        ))}
      </Stack>
    );
  }
  if (endingSoon.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No competitions ending soon at the moment
      </Typography>
    );
  }

  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <IconButton
        aria-label="Scroll ending soon competitions left"
        onClick={() => scroll(-1)}
        disabled={edges.atStart}
      >
        <ChevronLeft />
      </IconButton>
      <Box
        component="ul"
        ref={scrollerRef}
        onScroll={updateEdges}
        aria-labelledby={headingId}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          gap: 2,
          m: 0,
          // Room for the cards' shadows, which the scroll container would clip.
          px: 0.5,
          py: 1,
          listStyle: 'none',
          overflowX: 'auto',
        }}
      >
        {endingSoon.map((raffle) => (
          <Box component="li" key={raffle.id} sx={{ flex: '0 0 auto', width: CARD_WIDTH }}>
            <EndingSoonCard raffle={raffle} />
          </Box>
        ))}
      </Box>
      <IconButton
        aria-label="Scroll ending soon competitions right"
        onClick={() => scroll(1)}
        disabled={edges.atEnd}
      >
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
