import Menu from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { LayoutWidth, ThemeSettings } from '@rafflewin/domain';
import { useMemo } from 'react';

/** The share of the preview's width the page column takes in each layout width. */
const COLUMN_WIDTH: Record<LayoutWidth, string> = { full: '100%', container: '84%', narrow: '64%' };

/**
 * A small page in the theme being edited: navigation bar, a competition card, buttons and
 * the footer, in the chosen colours, fonts, radius and styles, redrawn as the form changes.
 * The theme comes from the shop's own builder (passed in by the page), so the preview is
 * what the shop will show.
 */
export function ThemePreview({
  settings,
  siteName,
  buildTheme,
}: {
  settings: ThemeSettings;
  siteName: string;
  buildTheme: (settings: ThemeSettings) => Theme;
}) {
  const theme = useMemo(() => buildTheme(settings), [buildTheme, settings]);
  const transparent = settings.themeNavbarStyle === 'transparent';
  return (
    <ThemeProvider theme={theme}>
      <Box
        component="section"
        aria-label="Theme preview"
        data-testid="theme-preview"
        sx={{
          bgcolor: 'background.default',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          fontFamily: theme.typography.fontFamily,
        }}
      >
        <AppBar
          position="static"
          color={transparent ? 'transparent' : 'primary'}
          elevation={transparent ? 0 : 2}
          sx={transparent ? { color: 'text.primary', borderBottom: 1, borderColor: 'divider' } : {}}
        >
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            <Menu fontSize="small" />
            <Typography variant="subtitle1" fontWeight={800} sx={{ flexGrow: 1 }}>
              {siteName}
            </Typography>
            <Typography variant="caption">
              {settings.themeNavbarStyle === 'fixed' ? 'Stays on top' : 'Scrolls away'}
            </Typography>
          </Toolbar>
        </AppBar>
        <Box sx={{ width: COLUMN_WIDTH[settings.themeLayoutWidth], mx: 'auto', p: 2 }}>
          <Typography variant="h4" component="p" gutterBottom>
            Win a dream car
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Body text in the chosen font and text colour.
          </Typography>
          <Card sx={{ maxWidth: 260 }}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                <Chip size="small" color="secondary" label="Cash" />
                <Chip size="small" color="info" label="Ending soon" />
              </Stack>
              <Typography variant="h6" component="p">
                £10,000 Tax-Free
              </Typography>
              <Typography variant="body2">£1.50 per ticket</Typography>
            </CardContent>
            <CardActions>
              <Button variant="contained" size="small" tabIndex={-1}>
                Add to Cart
              </Button>
              <Button variant="outlined" size="small" tabIndex={-1}>
                Details
              </Button>
            </CardActions>
          </Card>
        </Box>
        <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
          {settings.themeFooterStyle === 'minimal' ? (
            <Typography variant="caption">About · Contact · Terms · Privacy</Typography>
          ) : (
            <Stack direction="row" spacing={3}>
              {(settings.themeFooterStyle === 'complex'
                ? ['About us & contact', 'Competitions', 'Company', 'Legal', 'My Account']
                : [siteName, 'Legal', 'My Account', 'Follow Us']
              ).map((column) => (
                <Typography key={column} variant="caption" fontWeight={700}>
                  {column}
                </Typography>
              ))}
            </Stack>
          )}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
