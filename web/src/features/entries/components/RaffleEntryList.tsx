import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ENTRY_LIST_PAGE_SIZE,
  formatCount,
  formatShortDate,
  pageCount,
  type Raffle,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageDots } from '@/components/PageDots';
import { paths } from '@/config/paths';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useEntryPage } from '../api/useEntryPage';
import { useEntryTotal } from '../api/useEntryTotal';

/** One raffle's public entry list: who holds which ticket, a page at a time. */
export function RaffleEntryList({ raffle }: { raffle: Raffle }) {
  const [page, setPage] = useState(0);
  const image = useImageOrPlaceholder(raffle.imageUrl);
  const { status, entries } = useEntryPage(raffle.id, page, ENTRY_LIST_PAGE_SIZE);
  // The entries listed, not the tickets sold: a refunded ticket's entry is deleted.
  const total = useEntryTotal(raffle.id, raffle.soldTickets);
  const pages = total === null ? 0 : pageCount(total, ENTRY_LIST_PAGE_SIZE);
  const titleId = `entries-${raffle.id}`;
  return (
    <Card component="article" aria-labelledby={titleId} data-testid="entry-list">
      <Stack direction={{ xs: 'column', sm: 'row' }}>
        <CardMedia
          component="img"
          image={image.src}
          onError={image.onError}
          alt=""
          loading="lazy"
          sx={{
            width: { xs: '100%', sm: 200 },
            height: 'auto',
            alignSelf: 'flex-start',
            aspectRatio: '16 / 10',
            objectFit: 'cover',
          }}
        />
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography id={titleId} variant="h6" component="h3">
            {raffle.name}
          </Typography>
          <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Draw Date: <strong>{formatShortDate(raffle.endDate)}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Total Entries:{' '}
              {total === null ? (
                <Skeleton
                  component="strong"
                  variant="text"
                  width="2em"
                  sx={{ display: 'inline-block' }}
                />
              ) : (
                <strong>{formatCount(total)}</strong>
              )}
            </Typography>
            <Link component={RouterLink} to={paths.draw(raffle.id)} variant="body2">
              The draw
            </Link>
          </Stack>
          {status === 'error' && <Alert severity="error">Failed to load entry information</Alert>}
          <Box sx={{ minHeight: 120, position: 'relative' }} aria-busy={status === 'loading'}>
            {status === 'loading' && (
              <CircularProgress
                size={24}
                aria-label="Loading entries"
                sx={{ position: 'absolute', top: 8, left: 8 }}
              />
            )}
            <List
              dense
              data-testid="entries"
              sx={{
                opacity: status === 'loading' ? 0.4 : 1,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                columnGap: 3,
              }}
            >
              {entries.map((entry) => (
                <ListItem key={entry.id} disableGutters divider>
                  <ListItemText
                    primary={entry.holderName}
                    secondary={`Ticket #${entry.ticketNumber}`}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
          <PageDots
            page={page}
            pages={pages}
            onChange={setPage}
            label={`Entries of ${raffle.name}`}
          />
        </CardContent>
      </Stack>
    </Card>
  );
}
