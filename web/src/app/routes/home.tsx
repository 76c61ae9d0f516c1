import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { useLiveRaffles } from '@/features/raffles/api/useLiveRaffles';
import { RaffleGrid } from '@/features/raffles/components/RaffleGrid';

export default function HomePage() {
  const { settings } = useSiteSettings();
  const { status, raffles } = useLiveRaffles();
  return (
    <Stack spacing={5}>
      <PageTitle title="UK prize draws" />
      <Paper
        sx={{
          p: { xs: 4, md: 6 },
          color: 'primary.contrastText',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.light})`,
        }}
      >
        <Typography variant="h3" component="h1" gutterBottom>
          Win cash, cars and tech with {settings.siteName}
        </Typography>
        <Typography sx={{ mb: 3, maxWidth: 640 }}>
          UK prize draws with live countdowns, public entry lists and free postal entry on every
          competition. 18+ UK residents only.
        </Typography>
        <Button
          component={RouterLink}
          to={paths.competitions}
          variant="contained"
          color="secondary"
        >
          View all competitions
        </Button>
      </Paper>
      <Box component="section" aria-labelledby="live-heading">
        <Typography id="live-heading" variant="h4" component="h2" gutterBottom>
          Live Competitions
        </Typography>
        <RaffleGrid
          raffles={raffles}
          status={status}
          emptyMessage="No active competitions at the moment"
        />
      </Box>
    </Stack>
  );
}
