import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ENTRY_LIST_TABS,
  RAFFLE_CATEGORIES,
  RAFFLE_CATEGORY_LABELS,
  type Raffle,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageSection } from '@/components/PageSection';
import { PageTitle } from '@/components/PageTitle';
import { IndexTabs } from '@/components/IndexTabs';
import { paths } from '@/config/paths';
import { useEntryRaffles } from '@/features/entries/api/useEntryRaffles';
import { RaffleEntryList } from '@/features/entries/components/RaffleEntryList';

/** Raffles grouped by category, in the categories' usual order. */
function byCategory(raffles: Raffle[]) {
  return RAFFLE_CATEGORIES.map((category) => ({
    category,
    raffles: raffles.filter((raffle) => raffle.category === category),
  })).filter((group) => group.raffles.length > 0);
}

/**
 * Entry Lists (signed in): every ticket holder of every raffle, for transparency. Raffles are
 * loaded a few at a time and each list a page at a time, so the page never reads every ticket.
 */
export default function EntriesPage() {
  const [tab, setTab] = useState(0);
  const { categories } = ENTRY_LIST_TABS[tab]!;
  const { status, raffles, more, loadMore } = useEntryRaffles(categories);
  const [loadingMore, setLoadingMore] = useState(false);

  return (
    <Stack spacing={4}>
      <PageTitle title="Entry Lists" />
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          Entry Lists
        </Typography>
        <Typography color="text.secondary">
          Every ticket in every draw, with its holder, so anyone can check the entries.
        </Typography>
      </div>
      <IndexTabs
        label="Entry list categories"
        tabs={ENTRY_LIST_TABS}
        value={tab}
        onChange={setTab}
      />
      {status === 'loading' && <CircularProgress aria-label="Loading entry lists" />}
      {status === 'error' && (
        <Alert severity="error">Failed to load the entry lists. Please try again.</Alert>
      )}
      {status === 'success' && raffles.length === 0 && (
        <Stack spacing={2} alignItems="flex-start">
          <Typography>No entries found in the system yet.</Typography>
          <Button component={RouterLink} to={paths.competitions} variant="contained">
            Browse Available Competitions
          </Button>
        </Stack>
      )}
      {byCategory(raffles).map((group) => (
        <PageSection key={group.category} title={RAFFLE_CATEGORY_LABELS[group.category]}>
          <Stack spacing={3}>
            {group.raffles.map((raffle) => (
              <RaffleEntryList key={raffle.id} raffle={raffle} />
            ))}
          </Stack>
        </PageSection>
      ))}
      {more && (
        <Button
          variant="outlined"
          disabled={loadingMore}
          onClick={() => {
            setLoadingMore(true);
            void loadMore().finally(() => setLoadingMore(false));
          }}
          sx={{ alignSelf: 'center' }}
        >
          {loadingMore ? 'Loading…' : 'Show more raffles'}
        </Button>
      )}
    </Stack>
  );
}
