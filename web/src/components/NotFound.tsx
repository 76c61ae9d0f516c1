import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from './PageTitle';

/**
 * Any address the shop, the account area or the console does not know. The spec has no such
 * screen: we say plainly that the page does not exist and offer the way back.
 */
export function NotFound() {
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <PageTitle title="Page not found" />
      <SearchOff color="secondary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no page at this address. It may have moved, or the link may be mistyped.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to the home page
      </Button>
    </Paper>
  );
}
