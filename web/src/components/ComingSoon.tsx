import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * An honest placeholder for a screen whose issue has not landed yet: it says so plainly
 * and shows nothing that pretends to work.
 */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Construction color="secondary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page is coming soon. It is not available yet.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to the home page
      </Button>
    </Paper>
  );
}
