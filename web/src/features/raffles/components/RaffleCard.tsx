import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ENDING_SOON_MS,
  formatCount,
  oddsSummary,
  formatPriceOrFree,
  raffleDisplayState,
  soldPercent,
  ticketsLeft,
  type Raffle,
  type RaffleDisplayState,
} from '@rafflewin/domain';
import { memo } from 'react';
import { useClockAt } from '@/hooks/useClockAt';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useOwnedTickets } from '@/hooks/useOwnedTickets';
import { useSession } from '@/hooks/useSession';
import { Countdown } from './Countdown';
import { RaffleActions } from './RaffleActions';
import { InstantPrizes } from './InstantPrizes';
import { SaveRaffleButton } from './SaveRaffleButton';
import { raffleCardId } from '../hooks/useHighlightRaffle';

const STATE_CHIPS: Partial<
  Record<RaffleDisplayState, { label: string; color: 'error' | 'warning' | 'default' }>
> = {
  'sold-out': { label: 'Sold Out', color: 'error' },
  'ending-soon': { label: 'Ending Soon', color: 'warning' },
  ended: { label: 'Raffle Ended', color: 'default' },
  upcoming: { label: 'Coming Soon', color: 'default' },
};

/** A raffle's card: image, name, description, price, countdown and how many tickets are left. */
export const RaffleCard = memo(function RaffleCard({
  raffle,
  highlighted = false,
  priority = false,
}: {
  raffle: Raffle;
  highlighted?: boolean;
  /** The first card of a page, in the first screen: its image loads at once, first. */
  priority?: boolean;
}) {
  const image = useImageOrPlaceholder(raffle.imageUrl);
  const end = raffle.endDate.getTime();
  const now = useClockAt([raffle.startDate.getTime(), end - ENDING_SOON_MS, end]);
  const state = raffleDisplayState(raffle, now);
  const chip = STATE_CHIPS[state];
  const left = ticketsLeft(raffle);
  const { dataUid } = useSession();
  const { owned } = useOwnedTickets(raffle.id, dataUid);
  const odds = oddsSummary(raffle.soldTickets, raffle.maxTickets, owned);
  return (
    <Card
      component="article"
      aria-labelledby={`raffle-${raffle.id}-name`}
      data-testid="raffle-card"
      id={raffleCardId(raffle.id)}
      data-highlighted={highlighted || undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        outline: highlighted ? '3px solid' : 'none',
        outlineColor: 'warning.main',
        outlineOffset: 2,
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <CardMedia
          component="img"
          image={image.src}
          alt={raffle.name}
          onError={image.onError}
          sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 10', objectFit: 'cover' }}
          width={800}
          height={500}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        {chip && (
          <Chip
            label={chip.label}
            color={chip.color}
            size="small"
            sx={{ position: 'absolute', top: 12, left: 12 }}
          />
        )}
        <SaveRaffleButton raffleId={raffle.id} raffleName={raffle.name} />
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={`raffle-${raffle.id}-name`} variant="h6" component="h3">
          {raffle.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {raffle.description}
        </Typography>
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <Typography variant="h6" component="p" color="primary" fontWeight={700}>
            {formatPriceOrFree(raffle.ticketPrice)}
          </Typography>
          <Countdown endDate={raffle.endDate} />
        </Stack>
        <LinearProgress
          variant="determinate"
          value={soldPercent(raffle)}
          aria-label={`${soldPercent(raffle)}% of tickets sold`}
        />
        <Typography variant="caption" color="text.secondary" data-testid="tickets-left">
          {left === 0
            ? 'No tickets left'
            : `${formatCount(left)} of ${formatCount(raffle.maxTickets)} tickets left`}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="odds">
          {formatCount(raffle.soldTickets)} sold of {formatCount(raffle.maxTickets)} maximum
          entries. {odds.perTicket}.
          {odds.yours && (
            <>
              {' '}
              <strong>{odds.yours}.</strong>
            </>
          )}
        </Typography>
        {/* Rendered with the card, not loaded after it: the block's height depends on the card's
            width and the odds' wording, so no room kept for it could match, and a card growing
            as it loaded moved everything below it (the strip's page buttons among them). */}
        <InstantPrizes raffle={raffle} />
        <RaffleActions raffle={raffle} now={now} owned={owned} />
      </CardContent>
    </Card>
  );
});
