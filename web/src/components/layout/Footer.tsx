import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import Language from '@mui/icons-material/Language';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import {
  MINIMUM_AGE,
  STORAGE_KEYS,
  companyLine,
  isPlaceholderLink,
  type SiteSettings,
  type SocialNetwork,
  type SocialSettings,
} from '@rafflewin/domain';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteSettings, useSocialLinks } from '@/hooks/useSiteSettings';
import { accountLinks, competitionLinks } from './navLinks';

function TikTok() {
  return (
    <SvgIcon>
      <path d="M12.53.02C13.84 0 15.14.01 16.44 0c.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07z" />
    </SvgIcon>
  );
}

/**
 * Facebook, X, Instagram and YouTube are always shown, greyed out while their link is the
 * placeholder; the networks the console adds (LinkedIn, TikTok, the website) appear only
 * once configured, so an unconfigured shop does not show a row of dead icons.
 */
const SOCIAL_ICONS: Array<{
  network: SocialNetwork;
  label: string;
  icon: ReactNode;
  always: boolean;
}> = [
  { network: 'facebook', label: 'Facebook', icon: <Facebook />, always: true },
  { network: 'twitter', label: 'X', icon: <X />, always: true },
  { network: 'instagram', label: 'Instagram', icon: <Instagram />, always: true },
  { network: 'youtube', label: 'YouTube', icon: <YouTube />, always: true },
  { network: 'linkedin', label: 'LinkedIn', icon: <LinkedIn />, always: false },
  { network: 'tiktok', label: 'TikTok', icon: <TikTok />, always: false },
  { network: 'website', label: 'Website', icon: <Language />, always: false },
];

/** Clears the saved cookie choices and reloads, so the banner asks again. */
function openCookieSettings() {
  localStorage.removeItem(STORAGE_KEYS.cookiePreferences);
  window.location.reload();
}

function SocialIcons({ social }: { social: SocialSettings }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {SOCIAL_ICONS.map(({ network, label, icon, always }) => {
        const href = social[network];
        const disabled = isPlaceholderLink(href);
        if (disabled && !always) return null;
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
  );
}

function FooterColumn({
  title,
  children,
  md = 3,
}: {
  title: string;
  children: ReactNode;
  md?: number;
}) {
  return (
    <Grid size={{ xs: 6, md }}>
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

function CookieSettingsLink() {
  return (
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
  );
}

/** About, contact, winners and the shop's commitments: every footer style lists them. */
function CompanyLinks() {
  return (
    <>
      <FooterLink to={paths.about}>About</FooterLink>
      <FooterLink to={paths.contact}>Contact</FooterLink>
      <FooterLink to={paths.winners}>Winners</FooterLink>
      <FooterLink to={paths.commitments}>Our Commitments</FooterLink>
      <FooterLink to={paths.responsiblePlay}>Responsible Play</FooterLink>
    </>
  );
}

function LegalLinks() {
  return (
    <>
      <FooterLink to={paths.terms}>Terms of Use</FooterLink>
      <FooterLink to={paths.privacy}>Privacy Policy</FooterLink>
      <CookieSettingsLink />
    </>
  );
}

/** The company line (the operator's details from Site Settings) every footer style keeps. */
function CompanyLine({ settings }: { settings: SiteSettings }) {
  const company = companyLine(settings);
  return (
    <Typography variant="body2" sx={{ mt: 4, opacity: 0.85 }}>
      © {new Date().getFullYear()} {company || `${settings.siteName}.`} Entrants must be{' '}
      {MINIMUM_AGE} or over and resident in the UK. Free postal entry is available for every
      competition; see the Terms of Use.
    </Typography>
  );
}

function SimpleFooter({ settings, social }: { settings: SiteSettings; social: SocialSettings }) {
  return (
    <Grid container spacing={4}>
      <FooterColumn title={settings.siteName}>
        <CompanyLinks />
      </FooterColumn>
      <FooterColumn title="Legal">
        <LegalLinks />
      </FooterColumn>
      <FooterColumn title="My Account">
        {accountLinks.slice(0, 4).map((link) => (
          <FooterLink key={link.to} to={link.to}>
            {link.label}
          </FooterLink>
        ))}
      </FooterColumn>
      <FooterColumn title="Follow Us">
        <SocialIcons social={social} />
      </FooterColumn>
    </Grid>
  );
}

/** Complex: the simple footer's links plus the description, contact details and competitions. */
function ComplexFooter({ settings, social }: { settings: SiteSettings; social: SocialSettings }) {
  const { siteDescription, contactEmail, supportPhone, address } = settings;
  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="h6" component="h2" fontWeight={800} gutterBottom>
          {settings.siteName}
        </Typography>
        {siteDescription && (
          <Typography variant="body2" sx={{ opacity: 0.9, mb: 2 }}>
            {siteDescription}
          </Typography>
        )}
        <Stack spacing={0.5} component="address" sx={{ fontStyle: 'normal' }}>
          {contactEmail && (
            <Link href={`mailto:${contactEmail}`} color="inherit" underline="hover">
              {contactEmail}
            </Link>
          )}
          {supportPhone && (
            <Link
              href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}
              color="inherit"
              underline="hover"
            >
              {supportPhone}
            </Link>
          )}
          {address && <Typography variant="body2">{address}</Typography>}
        </Stack>
        <Box sx={{ mt: 2 }}>
          <SocialIcons social={social} />
        </Box>
      </Grid>
      <FooterColumn title="Competitions" md={2}>
        {competitionLinks.map((link) => (
          <FooterLink key={link.to} to={link.to}>
            {link.label}
          </FooterLink>
        ))}
        <FooterLink to={paths.free}>Free Giveaways</FooterLink>
      </FooterColumn>
      <FooterColumn title="Company" md={2}>
        <CompanyLinks />
      </FooterColumn>
      <FooterColumn title="Legal" md={2}>
        <LegalLinks />
      </FooterColumn>
      <FooterColumn title="My Account" md={2}>
        {accountLinks.slice(0, 4).map((link) => (
          <FooterLink key={link.to} to={link.to}>
            {link.label}
          </FooterLink>
        ))}
      </FooterColumn>
    </Grid>
  );
}

/** Minimal: one row of the essential links and the icons. */
function MinimalFooter({ social }: { social: SocialSettings }) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      alignItems={{ xs: 'flex-start', md: 'center' }}
      justifyContent="space-between"
    >
      <Stack
        component="nav"
        aria-label="Footer"
        direction="row"
        spacing={2}
        useFlexGap
        flexWrap="wrap"
      >
        <CompanyLinks />
        <LegalLinks />
      </Stack>
      <SocialIcons social={social} />
    </Stack>
  );
}

/** The footer in the theme's footer style: simple (default), complex or minimal. */
function FooterView() {
  const { settings } = useSiteSettings();
  const social = useSocialLinks();
  const style = settings.themeFooterStyle;
  return (
    <Box
      component="footer"
      data-footer-style={style}
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        mt: 8,
        py: style === 'minimal' ? 3 : 6,
      }}
    >
      <Container maxWidth="lg">
        {style === 'complex' ? (
          <ComplexFooter settings={settings} social={social} />
        ) : style === 'minimal' ? (
          <MinimalFooter social={social} />
        ) : (
          <SimpleFooter settings={settings} social={social} />
        )}
        <CompanyLine settings={settings} />
      </Container>
    </Box>
  );
}

/** Reads its own state: the layout re-rendering (new settings, another page) leaves it be. */
export const Footer = memo(FooterView);
