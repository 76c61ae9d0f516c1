import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatLongDate, formatPence, type Winner } from '@rafflewin/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useWinners } from '../api/useContent';

/** A winner's picture (or their prize's); the placeholder when there is none or it fails. */
function WinnerImage({ winner }: { winner: Winner }) {
  const image = useImageOrPlaceholder(winner.imageUrl || winner.prizeImageUrl);
  return (
    <CardMedia
      component="img"
      image={image.src}
      onError={image.onError}
      alt={`${winner.winnerName}, winner of ${winner.prizeName}`}
      sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 10', objectFit: 'cover' }}
      loading="lazy"
    />
  );
}

/** Recent Winners: a card per winner; `actions` adds controls to each card (administrators). */
export function WinnersGrid({ actions }: { actions?: (winner: Winner) => ReactNode }) {
  const { status, data, more, showMore } = useWinners();
  if (status === 'error') return <Alert severity="error">Failed to load winners</Alert>;
  if (status === 'success' && data.length === 0) {
    return <Typography color="text.secondary">No winners announced yet.</Typography>;
  }
  return (
    <Grid container spacing={3}>
      {data.map((winner) => (
        <Grid key={winner.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card data-testid="winner-card" sx={{ height: '100%' }}>
            <WinnerImage winner={winner} />
            <CardContent>
              <Typography variant="h6" component="h3">
                {winner.winnerName}
              </Typography>
              <Typography>{winner.prizeName}</Typography>
              {winner.prizeValue !== null && (
                <Typography color="success.main" fontWeight={600}>
                  {formatPence(winner.prizeValue)}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {winner.ticketNumber ? `Ticket ${winner.ticketNumber} · ` : ''}
                {formatLongDate(winner.announcementDate)}
              </Typography>
              {winner.raffleId && (
                <Link component={RouterLink} to={paths.draw(winner.raffleId)} variant="body2">
                  How this winner was drawn
                </Link>
              )}
              {actions?.(winner)}
            </CardContent>
          </Card>
        </Grid>
      ))}
      {more && (
        <Grid size={12} sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={showMore} disabled={status === 'loading'}>
            Show more winners
          </Button>
        </Grid>
      )}
    </Grid>
  );
}
