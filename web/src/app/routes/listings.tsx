import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  RAFFLE_CATEGORY_LABELS,
  isCarRaffle,
  isSoldOut,
  type Raffle,
  type RaffleCategory,
} from '@rafflewin/domain';
import { Suspense, useState, type ReactNode } from 'react';
import { FlashMessage } from '@/components/FlashMessage';
import { PageSection } from '@/components/PageSection';
import { PageHeading, PageTitle } from '@/components/PageTitle';
import { VISUALLY_HIDDEN } from '@/components/visuallyHidden';
import { paths } from '@/config/paths';
import { DonationsPanel } from '@/features/content/components/DonationsPanel';
import { WinnersGrid } from '@/features/content/components/WinnersGrid';
import { useLiveRaffles } from '@/features/raffles/api/useLiveRaffles';
import { ShowMoreRaffles } from '@/features/raffles/components/ShowMoreRaffles';
import { ListingBanner } from '@/features/raffles/components/ListingBanner';
import { RaffleGrid } from '@/features/raffles/components/RaffleGrid';
import { useHighlightRaffle } from '@/features/raffles/hooks/useHighlightRaffle';
import { useSession } from '@/hooks/useSession';
import { lazyExport } from '@/lib/lazyExport';
import { LISTING_CATEGORIES } from './listingCategories';

// Administrators' controls on the public pages: separate chunks that shoppers never download.
const winnerAdmin = () => import('@/features/admin/content/components/winnerAdmin');
const AddWinnerButton = lazyExport(winnerAdmin, 'AddWinnerButton');
const WinnerActions = lazyExport(winnerAdmin, 'WinnerActions');
const donationAdmin = () => import('@/features/admin/content/components/donationAdmin');
const AddDonationButton = lazyExport(donationAdmin, 'AddDonationButton');
const DonationActions = lazyExport(donationAdmin, 'DonationActions');

/** Renders administrators' controls (loaded on demand) and their success messages. */
function useAdminControls() {
  const { isAdmin } = useSession();
  const [flash, setFlash] = useState<string | null>(null);
  const admin = (node: ReactNode) =>
    isAdmin ? <Suspense fallback={null}>{node}</Suspense> : undefined;
  const flashMessage = <FlashMessage message={flash} onClose={() => setFlash(null)} />;
  return { isAdmin, admin, onDone: setFlash, flashMessage };
}

/**
 * The sections of /competitions: four fixed ones; the general "competition" category
 * would otherwise appear nowhere, so it gets a fifth section when it has live raffles.
 */
const SECTIONS: RaffleCategory[] = ['tech', 'charity', 'cash', 'free'];

export function CompetitionsPage() {
  const live = useLiveRaffles();
  const { status, raffles } = live;
  const highlightedId = useHighlightRaffle(raffles);
  const general = raffles.filter((raffle) => raffle.category === 'competition');
  return (
    <Stack spacing={5}>
      <PageHeading title="Active Competitions" />
      {status === 'success' && raffles.length === 0 && (
        <Typography color="text.secondary">No active competitions at the moment</Typography>
      )}
      {SECTIONS.map((category) => (
        <PageSection key={category} title={RAFFLE_CATEGORY_LABELS[category]}>
          <RaffleGrid
            raffles={raffles.filter((raffle) => raffle.category === category)}
            status={status}
            emptyMessage="No active raffles at the moment"
            highlightedId={highlightedId}
          />
        </PageSection>
      ))}
      {general.length > 0 && (
        <PageSection title="More Competitions">
          <RaffleGrid
            raffles={general}
            status={status}
            emptyMessage=""
            highlightedId={highlightedId}
          />
        </PageSection>
      )}
      <ShowMoreRaffles live={live} />
    </Stack>
  );
}

interface CategoryListing {
  title: string;
  intro: string;
  categories: readonly RaffleCategory[];
  emptyMessage: string;
  filter?: (raffle: Raffle) => boolean;
}

const LISTINGS = {
  cash: {
    title: 'Cash Prizes',
    intro: 'Tax-free cash paid straight into your bank account.',
    categories: LISTING_CATEGORIES[paths.cash],
    emptyMessage: 'No cash prize competitions at the moment',
  },
  tech: {
    title: 'Tech Prizes',
    intro: 'The latest phones, laptops, consoles and gadgets.',
    categories: LISTING_CATEGORIES[paths.tech],
    emptyMessage: 'No tech prize competitions at the moment',
  },
  cars: {
    title: 'Cars & Vehicles',
    intro: 'Dream cars, classics and cash alternatives.',
    categories: LISTING_CATEGORIES[paths.cars],
    emptyMessage: 'No car competitions at the moment',
    filter: isCarRaffle,
  },
} satisfies Record<string, CategoryListing>;

/** A category page: banner, then its active raffles that are not sold out. */
export function CategoryPage({ listing }: { listing: keyof typeof LISTINGS }) {
  const config: CategoryListing = LISTINGS[listing];
  const live = useLiveRaffles(config.categories);
  const { status, raffles } = live;
  const shown = raffles.filter((raffle) => !isSoldOut(raffle) && (config.filter?.(raffle) ?? true));
  const highlightedId = useHighlightRaffle(shown);
  return (
    <Stack spacing={4}>
      <PageTitle title={config.title} />
      <ListingBanner title={config.title}>{config.intro}</ListingBanner>
      {/* The cards' names are h3s: their section needs a heading, for screen readers. */}
      <Typography component="h2" sx={VISUALLY_HIDDEN}>
        Open now
      </Typography>
      <RaffleGrid
        raffles={shown}
        status={status}
        emptyMessage={config.emptyMessage}
        highlightedId={highlightedId}
      />
      <ShowMoreRaffles live={live} />
    </Stack>
  );
}

const CHARITY_STATS = ['People Helped', 'Raised for Charity', 'Charitable Projects'];

export function CharityPage() {
  const live = useLiveRaffles(LISTING_CATEGORIES[paths.charity]);
  const { status, raffles } = live;
  const highlightedId = useHighlightRaffle(raffles);
  const { admin, onDone, flashMessage } = useAdminControls();
  return (
    <Stack spacing={5}>
      <PageTitle title="Charity Raffles" />
      <ListingBanner title="Charity Raffles">
        Play for good: part of every charity raffle ticket goes to the causes below.
      </ListingBanner>
      <Grid container spacing={2}>
        {CHARITY_STATS.map((label) => (
          <Grid key={label} size={{ xs: 12, sm: 4 }}>
            {/* These figures have no source yet: we show a dash rather than invent numbers. */}
            <Paper sx={{ p: 3, textAlign: 'center' }}>
              <Typography variant="h4" component="p" aria-label={`${label}: not published yet`}>
                –
              </Typography>
              <Typography color="text.secondary">{label}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <DonationsPanel
        toolbar={admin(<AddDonationButton onDone={onDone} />)}
        actions={(donation) => admin(<DonationActions donation={donation} onDone={onDone} />)}
      />
      {flashMessage}
      <PageSection title="Active Charity Competitions">
        <RaffleGrid
          raffles={raffles}
          status={status}
          emptyMessage="No active charity raffles at the moment"
          highlightedId={highlightedId}
        />
        <ShowMoreRaffles live={live} />
      </PageSection>
    </Stack>
  );
}

const FREE_STEPS = [
  { title: '1 Sign Up', text: 'Create your free account in a minute.' },
  { title: '2 Enter Giveaway', text: 'Enter any active giveaway: one free entry per person.' },
  { title: '3 Win Prizes', text: 'Winners are randomly selected and notified by email.' },
];

export function FreePage() {
  const live = useLiveRaffles(LISTING_CATEGORIES[paths.free]);
  const { status, raffles } = live;
  const highlightedId = useHighlightRaffle(raffles);
  return (
    <Stack spacing={5}>
      <PageTitle title="Free Giveaways" />
      <ListingBanner title="Free Giveaways">
        Win prizes without spending a penny. One entry per person per giveaway.
      </ListingBanner>
      <PageSection title="How It Works">
        <Grid container spacing={2}>
          {FREE_STEPS.map((step) => (
            <Grid key={step.title} size={{ xs: 12, md: 4 }}>
              <Paper sx={{ p: 3, height: '100%' }}>
                <Typography variant="h6" component="h3">
                  {step.title}
                </Typography>
                <Typography color="text.secondary">{step.text}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </PageSection>
      <PageSection title="Active Giveaways">
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Updated daily
        </Typography>
        <RaffleGrid
          raffles={raffles}
          status={status}
          emptyMessage="No active giveaways at the moment"
          highlightedId={highlightedId}
        />
        <ShowMoreRaffles live={live} />
      </PageSection>
    </Stack>
  );
}

export function WinnersPage() {
  const { isAdmin, admin, onDone, flashMessage } = useAdminControls();
  return (
    <Stack spacing={4}>
      <PageTitle title="Recent Winners" />
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
        <Typography variant="h3" component="h1">
          Recent Winners
        </Typography>
        {admin(<AddWinnerButton onDone={onDone} />)}
      </Stack>
      <WinnersGrid
        actions={
          isAdmin ? (winner) => admin(<WinnerActions winner={winner} onDone={onDone} />) : undefined
        }
      />
      {flashMessage}
    </Stack>
  );
}
