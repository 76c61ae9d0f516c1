import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  ALL_COOKIES,
  NECESSARY_COOKIES_ONLY,
  STORAGE_KEYS,
  parseCookiePreferences,
  serializeCookiePreferences,
  type CookiePreferences,
} from '@rafflewin/domain';
import { memo, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

type OptionalCategory = Exclude<keyof CookiePreferences, 'necessary'>;

const CATEGORIES: Array<{
  key: keyof CookiePreferences;
  label: string;
  description: string;
}> = [
  {
    key: 'necessary',
    label: 'Strictly necessary',
    description:
      'Keep you signed in, remember your basket and keep the site secure. Always on, because the site cannot work without them.',
  },
  {
    key: 'analytics',
    label: 'Analytics',
    description: 'Help us understand which pages are used so we can improve the site.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    description: 'Let us measure our adverts and show you more relevant offers elsewhere.',
  },
];

/** Storage can be unavailable (private browsing, blocked storage): then we simply ask again. */
function hasSavedChoices(): boolean {
  try {
    return parseCookiePreferences(localStorage.getItem(STORAGE_KEYS.cookiePreferences)) !== null;
  } catch {
    return false;
  }
}

function saveChoices(preferences: CookiePreferences): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cookiePreferences, serializeCookiePreferences(preferences));
  } catch {
    // Nothing to store into; the choice still holds for this page view.
  }
}

/**
 * Asks for cookie consent until the visitor has made a choice on this device: a strip at the
 * foot of the screen that leaves the shop window in view, with Reject and Accept side by side;
 * Manage choices opens the categories (optional ones start off). Cookie Settings in the footer
 * clears the choice to ask again.
 */
function CookieBannerView() {
  const idPrefix = useId();
  const [open, setOpen] = useState(() => !hasSavedChoices());
  const [managing, setManaging] = useState(false);
  const [optional, setOptional] = useState<Record<OptionalCategory, boolean>>({
    analytics: NECESSARY_COOKIES_ONLY.analytics,
    marketing: NECESSARY_COOKIES_ONLY.marketing,
  });

  if (!open) return null;

  const save = (preferences: CookiePreferences) => {
    saveChoices(preferences);
    setOpen(false);
  };
  const categoriesId = `${idPrefix}-categories`;

  return (
    <Paper
      component="section"
      role="region"
      aria-label="Cookie preferences"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxHeight: '80vh',
        overflowY: 'auto',
        borderTop: 1,
        borderColor: 'divider',
        py: 1.5,
      }}
    >
      <Container maxWidth="lg">
        <Stack spacing={1.5}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ xs: 1, md: 3 }}
            alignItems={{ md: 'center' }}
          >
            <Typography component="div" variant="body2" sx={{ flex: 1 }}>
              <Typography component="h2" variant="subtitle2" sx={{ display: 'inline', mr: 0.5 }}>
                Your cookie choices:
              </Typography>
              we use strictly necessary cookies to run the site and, if you agree, analytics and
              marketing cookies. See our{' '}
              <Link component={RouterLink} to={paths.privacy}>
                Privacy Policy
              </Link>
              .
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
              <Button size="small" variant="contained" onClick={() => save(NECESSARY_COOKIES_ONLY)}>
                Reject non-essential
              </Button>
              <Button size="small" variant="contained" onClick={() => save(ALL_COOKIES)}>
                Accept all
              </Button>
              <Button
                size="small"
                aria-expanded={managing}
                aria-controls={categoriesId}
                onClick={() => setManaging((shown) => !shown)}
              >
                Manage choices
              </Button>
            </Stack>
          </Stack>
          {managing && (
            <Stack id={categoriesId} spacing={1.5}>
              <Stack
                role="group"
                aria-label="Cookie categories"
                direction={{ xs: 'column', md: 'row' }}
                spacing={{ xs: 1, md: 3 }}
              >
                {CATEGORIES.map(({ key, label, description }) => {
                  const descriptionId = `${idPrefix}-${key}`;
                  return (
                    <Stack key={key} spacing={0.5} sx={{ flex: 1 }}>
                      <FormControlLabel
                        label={label}
                        control={
                          key === 'necessary' ? (
                            <Switch
                              checked
                              disabled
                              slotProps={{ input: { 'aria-describedby': descriptionId } }}
                            />
                          ) : (
                            <Switch
                              checked={optional[key]}
                              onChange={(event) =>
                                setOptional((current) => ({
                                  ...current,
                                  [key]: event.target.checked,
                                }))
                              }
                              slotProps={{ input: { 'aria-describedby': descriptionId } }}
                            />
                          )
                        }
                      />
                      <Typography id={descriptionId} variant="body2" color="text.secondary">
                        {description}
                      </Typography>
                    </Stack>
                  );
                })}
              </Stack>
              <Stack direction="row" justifyContent="flex-end">
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => save({ necessary: true, ...optional })}
                >
                  Save preferences
                </Button>
              </Stack>
            </Stack>
          )}
        </Stack>
      </Container>
    </Paper>
  );
}

/** Reads its own state: the layout re-rendering (new settings, another page) leaves it be. */
export const CookieBanner = memo(CookieBannerView);
