import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STORAGE_KEYS, isPlaceholderLink, type SocialNetwork } from '@rafflewin/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { accountLinks } from './navLinks';

const SOCIAL_ICONS: Array<{ network: SocialNetwork; label: string; icon: ReactNode }> = [
  { network: 'facebook', label: 'Facebook', icon: <Facebook /> },
  { network: 'twitter', label: 'X', icon: <X /> },
  { network: 'instagram', label: 'Instagram', icon: <Instagram /> },
  { network: 'youtube', label: 'YouTube', icon: <YouTube /> },
];

/** Clears the saved cookie choices and reloads, so the banner asks again. */
function openCookieSettings() {
  localStorage.removeItem(STORAGE_KEYS.cookiePreferences);
  window.location.reload();
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      <Stack spacing={0.75}>{children}</Stack>
    </Grid>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} color="inherit" underline="hover">
      {children}
    </Link>
  );
}

export function Footer() {
  const { settings, social } = useSiteSettings();
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mt: 8, py: 6 }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <FooterColumn title={settings.siteName}>
            <FooterLink to={paths.about}>About</FooterLink>
            <FooterLink to={paths.contact}>Contact</FooterLink>
            <FooterLink to={paths.winners}>Winners</FooterLink>
            <FooterLink to={paths.commitments}>Our Commitments</FooterLink>
            <FooterLink to={paths.responsiblePlay}>Responsible Play</FooterLink>
          </FooterColumn>
          <FooterColumn title="Legal">
            <FooterLink to={paths.terms}>Terms of Use</FooterLink>
            <FooterLink to={paths.privacy}>Privacy Policy</FooterLink>
            <Link
              component="button"
              type="button"
              color="inherit"
              underline="hover"
              onClick={openCookieSettings}
              sx={{ textAlign: 'left', font: 'inherit' }}
            >
              Cookie Settings
            </Link>
          </FooterColumn>
          <FooterColumn title="My Account">
            {accountLinks.slice(0, 4).map((link) => (
              <FooterLink key={link.to} to={link.to}>
                {link.label}
              </FooterLink>
            ))}
          </FooterColumn>
          <FooterColumn title="Follow Us">
            <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
              {SOCIAL_ICONS.map(({ network, label, icon }) => {
                const href = social[network];
                const disabled = isPlaceholderLink(href);
                return (
                  <IconButton
                    key={network}
                    color="inherit"
                    aria-label={disabled ? `${label} (not available)` : label}
                    disabled={disabled}
                    {...(disabled
                      ? {}
                      : { component: 'a', href, target: '_blank', rel: 'noopener noreferrer' })}
                    sx={{ '&.Mui-disabled': { color: 'rgba(255,255,255,0.35)' } }}
                  >
                    {icon}
                  </IconButton>
                );
              })}
            </Stack>
          </FooterColumn>
        </Grid>
        <Typography variant="body2" sx={{ mt: 4, opacity: 0.85 }}>
          © {new Date().getFullYear()} {settings.siteName} Ltd. Registered in England and Wales,
          company number 12345678. Registered office: 1 High Street, London EC1A 1AA. Entrants must
          be 18 or over and resident in the UK. Free postal entry is available for every
          competition; see the Terms of Use.
        </Typography>
      </Container>
    </Box>
  );
}
