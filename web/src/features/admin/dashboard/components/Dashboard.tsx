import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_MESSAGES,
  formatCount,
  formatPence,
} from '@rafflewin/domain';
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageSection } from '@/components/PageSection';
import { paths } from '@/config/paths';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { useDailySales } from '../api/useDailySales';
import { useDashboardStats, type DashboardStats } from '../api/useDashboardStats';

const SalesChart = lazy(() => import('./SalesChart'));

const CARDS: Array<{ label: string; value: (stats: DashboardStats) => string }> = [
  { label: 'Users', value: (s) => formatCount(s.users) },
  { label: 'Raffles', value: (s) => formatCount(s.raffles) },
  { label: 'Tickets', value: (s) => formatCount(s.ticketsSold) },
  { label: 'Active raffles', value: (s) => formatCount(s.activeRaffles) },
  { label: 'Revenue', value: (s) => formatPence(s.revenue) },
];

const QUICK_LINKS = [
  { label: 'Carousel', to: paths.admin.carousel },
  { label: 'Raffles', to: paths.admin.raffles },
  { label: 'Orders', to: paths.admin.orders },
  { label: 'Manual Entry', to: paths.admin.manualEntry },
  { label: 'Settings', to: paths.admin.settings },
];

/** The admin Dashboard: five stat cards, the 30-day chart, quick links. */
export function Dashboard() {
  const { reportError } = useAdminAccess();
  const { stats, error } = useDashboardStats();
  const sales = useDailySales();

  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);

  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1">
        Dashboard
      </Typography>
      {error && <Alert severity="error">{DASHBOARD_MESSAGES.loadFailed}</Alert>}
      <Grid
        container
        spacing={2}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Statistics"
      >
        {CARDS.map((card) => (
          <Grid key={card.label} size={{ xs: 6, sm: 4, lg: 'grow' }} component="li">
            <Paper sx={{ p: 2, height: '100%' }} data-testid="stat-card">
              <Typography color="text.secondary" variant="body2">
                {card.label}
              </Typography>
              {stats || error ? (
                // Unread (the banner above says why): a dash, not a placeholder still loading.
                <Typography variant="h5" component="p" fontWeight={700}>
                  {stats ? card.value(stats) : '–'}
                </Typography>
              ) : (
                <Skeleton width="60%" height={36} />
              )}
            </Paper>
          </Grid>
        ))}
      </Grid>
      <PageSection
        title={`Sales over the last ${DASHBOARD_CHART_DAYS} days`}
        headingId="sales-heading"
      >
        <Paper sx={{ p: 2 }}>
          {sales.error && <Alert severity="error">{DASHBOARD_MESSAGES.loadFailed}</Alert>}
          {!sales.days && !sales.error && <Skeleton variant="rectangular" height={320} />}
          {sales.days && (
            <Suspense fallback={<Skeleton variant="rectangular" height={320} />}>
              <SalesChart days={sales.days} />
            </Suspense>
          )}
        </Paper>
      </PageSection>
      <PageSection title="Quick links" headingId="quick-links-heading">
        <Stack
          direction="row"
          spacing={1}
          flexWrap="wrap"
          useFlexGap
          component="nav"
          aria-labelledby="quick-links-heading"
        >
          {QUICK_LINKS.map((link) => (
            <Button key={link.to} variant="outlined" component={RouterLink} to={link.to}>
              {link.label}
            </Button>
          ))}
        </Stack>
      </PageSection>
    </Stack>
  );
}
