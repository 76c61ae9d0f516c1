import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** The console's sections, in the order the navigation lists them. */
export const ADMIN_SECTIONS = [
  { label: 'Dashboard', to: paths.admin.root },
  { label: 'Raffles', to: paths.admin.raffles },
  { label: 'Orders', to: paths.admin.orders },
  { label: 'Promo Codes', to: paths.admin.promoCodes },
  { label: 'Carousel', to: paths.admin.carousel },
  { label: 'Manual Entry', to: paths.admin.manualEntry },
  { label: 'Postal Entries', to: paths.admin.postalEntries },
  { label: 'Tickets', to: paths.admin.tickets },
  { label: 'Support', to: paths.admin.support },
  { label: 'Notifications', to: paths.admin.notifications },
  { label: 'Users', to: paths.admin.users },
  { label: 'Settings', to: paths.admin.settings },
] as const;

function currentSection(pathname: string): string {
  const match = [...ADMIN_SECTIONS]
    .sort((a, b) => b.to.length - a.to.length)
    .find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`));
  return match?.to ?? paths.admin.root;
}

/** The administrator console's frame: a side menu on wide screens, tabs on narrow ones. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const selected = currentSection(pathname);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
      <Paper
        component="nav"
        aria-label="Administration"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: 220,
          flexShrink: 0,
          position: 'sticky',
          top: 88,
        }}
      >
        {/* Links straight inside: a <ul> may hold only <li> (axe "list"). */}
        <List>
          {ADMIN_SECTIONS.map((section) => (
            // A list holds list items only (axe: list); the link sits inside each.
            <ListItem key={section.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={section.to}
                selected={section.to === selected}
                aria-current={section.to === selected ? 'page' : undefined}
              >
                <ListItemText primary={section.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Tabs
        value={selected}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Administration"
        sx={{ display: { xs: 'flex', md: 'none' }, maxWidth: '100%' }}
      >
        {ADMIN_SECTIONS.map((section) => (
          <Tab
            key={section.to}
            value={section.to}
            label={section.label}
            component={RouterLink}
            to={section.to}
          />
        ))}
      </Tabs>
      <Stack sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>{children}</Stack>
    </Stack>
  );
}
