import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageSection } from '@/components/PageSection';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { HeroCarousel } from '@/features/content/components/HeroCarousel';
import { OurImpact } from '@/features/content/components/OurImpact';
import { useLiveRaffles, useRafflesEndingSoon } from '@/features/raffles/api/useLiveRaffles';
import { EndingSoon } from '@/features/raffles/components/EndingSoon';
import { RaffleStrip } from '@/features/raffles/components/RaffleStrip';

export default function HomePage() {
  const { settings } = useSiteSettings();
  const { status, raffles } = useLiveRaffles();
  const endingSoon = useRafflesEndingSoon();
  return (
    <Stack spacing={6}>
      <PageTitle title="UK prize draws" />
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" gutterBottom>
            Win cash, cars and tech with {settings.siteName}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
            UK prize draws with live countdowns, public entry lists and free postal entry on every
            competition. 18+ UK residents only.
          </Typography>
        </Box>
        <HeroCarousel />
      </Stack>
      <PageSection headingId="live-heading" title="Live Competitions">
        <RaffleStrip raffles={raffles} status={status} headingId="live-heading" />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button component={RouterLink} to={paths.competitions} variant="outlined">
            View all competitions
          </Button>
        </Box>
      </PageSection>
      <PageSection headingId="ending-soon-heading" title="Ending Soon">
        <EndingSoon
          raffles={endingSoon.raffles}
          status={endingSoon.status}
          headingId="ending-soon-heading"
        />
      </PageSection>
      <PageSection headingId="impact-heading" title="Our Impact">
        <OurImpact />
      </PageSection>
    </Stack>
  );
}
