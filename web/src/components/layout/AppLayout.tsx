import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Breakpoint } from '@mui/material/styles';
import type { LayoutWidth } from '@rafflewin/domain';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { CookieBanner } from '../CookieBanner';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageLoading } from './PageLoading';
import { SiteCustomCss } from './SiteCustomCss';
import { SiteGate } from './SiteGate';

export { PageLoading };

/** Scrolls smoothly to the top on every navigation. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

/** container: the usual 1200 px column; narrow: 900 px, for reading; full: the window's width. */
const LAYOUT_MAX_WIDTHS: Record<LayoutWidth, Breakpoint | false> = {
  container: 'lg',
  narrow: 'md',
  full: false,
};

export function AppLayout() {
  const { settings } = useSiteSettings();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <NavBar />
      <Container
        component="main"
        maxWidth={LAYOUT_MAX_WIDTHS[settings.themeLayoutWidth]}
        data-layout-width={settings.themeLayoutWidth}
        // At least a screen tall: the footer starts below the fold, so a page whose content
        // arrives after the first paint grows without moving anything in view (it had pushed
        // the footer down the screen: a layout shift of 0.5).
        sx={{ flexGrow: 1, minHeight: '100vh', py: { xs: 3, md: 5 } }}
      >
        <SiteGate>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </SiteGate>
      </Container>
      <Footer />
      <CookieBanner />
      <SiteCustomCss />
    </Box>
  );
}
