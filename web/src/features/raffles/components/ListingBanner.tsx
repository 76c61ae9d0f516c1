import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The banner at the top of a listing page. */
export function ListingBanner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      sx={{
        p: { xs: 3, md: 5 },
        color: 'primary.contrastText',
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.light})`,
      }}
    >
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ maxWidth: 720 }}>{children}</Typography>
    </Paper>
  );
}
