import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { CookieBanner } from '../CookieBanner';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { SiteGate } from './SiteGate';

export function PageLoading() {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', py: 10 }}
      role="status"
      aria-label="Loading"
    >
      <CircularProgress />
    </Box>
  );
}

/** Scrolls smoothly to the top on every navigation (accounts §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

export function AppLayout() {
  const { settings } = useSiteSettings();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <NavBar />
      <Container
        component="main"
        maxWidth={settings.themeLayoutWidth === 'full' ? false : 'lg'}
        sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}
      >
        <SiteGate>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </SiteGate>
      </Container>
      <Footer />
      <CookieBanner />
    </Box>
  );
}
