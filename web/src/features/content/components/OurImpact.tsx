import CardGiftcard from '@mui/icons-material/CardGiftcard';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Payments from '@mui/icons-material/Payments';
import Star from '@mui/icons-material/Star';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OUR_IMPACT, formatPenceUngrouped } from '@rafflewin/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

const FIGURES: Array<{ value: string; label: string; extra?: ReactNode }> = [
  { value: String(OUR_IMPACT.prizesWon), label: 'Prizes Won' },
  { value: formatPenceUngrouped(OUR_IMPACT.givenPence), label: 'Given Away' },
  {
    value: OUR_IMPACT.rating,
    label: `Rating from ${OUR_IMPACT.ratingFromWinners} winners`,
    extra: (
      <Stack direction="row" justifyContent="center" aria-hidden sx={{ color: 'warning.main' }}>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star key={star} fontSize="small" />
        ))}
      </Stack>
    ),
  },
];

const TILES = [
  {
    title: 'Cash Prizes',
    text: 'Tax-free cash paid straight into your bank account.',
    to: paths.cash,
    icon: <Payments fontSize="large" />,
  },
  {
    title: 'Charity Support',
    text: 'Play for good: charity raffles support UK causes.',
    to: paths.charity,
    icon: <VolunteerActivism fontSize="large" />,
  },
  {
    title: 'Free Giveaways',
    text: 'Win prizes without spending a penny.',
    to: paths.free,
    icon: <CardGiftcard fontSize="large" />,
  },
  {
    title: 'Latest Winners',
    text: 'See who has won and what they took home.',
    to: paths.winners,
    icon: <EmojiEvents fontSize="large" />,
  },
];

/** Our Impact: the static figures, then tiles linking to the main areas. */
export function OurImpact() {
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        {FIGURES.map((figure) => (
          <Grid key={figure.label} size={{ xs: 12, sm: 4 }}>
            <Paper sx={{ p: 3, height: '100%', textAlign: 'center' }}>
              <Typography variant="h4" component="p" color="primary" fontWeight={700}>
                {figure.value}
              </Typography>
              {figure.extra}
              <Typography color="text.secondary">{figure.label}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        {TILES.map((tile) => (
          <Grid key={tile.title} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Box aria-hidden sx={{ color: 'primary.main', mb: 1 }}>
                    {tile.icon}
                  </Box>
                  <Typography variant="h6" component="h3">
                    {tile.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {tile.text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
