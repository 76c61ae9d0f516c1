import Typography from '@mui/material/Typography';

/** All static pages carry the same date: About, Contact Us, Privacy Policy and Terms. */
const LAST_UPDATED = 'March 15, 2025';

/** The "Last updated" line under a static page's heading. */
export function LastUpdated() {
  return (
    <Typography variant="body2" color="text.secondary">
      Last updated {LAST_UPDATED}
    </Typography>
  );
}
