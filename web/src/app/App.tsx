import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { loadFont } from '@/lib/fonts';
import { CartProvider } from './CartProvider';
import { SessionProvider, SiteSettingsProvider } from './providers';
import { AppRoutes } from './router';
import { buildTheme } from './theme';

function ThemedApp() {
  const { settings } = useSiteSettings();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  useEffect(() => {
    loadFont(settings.themeFontFamily);
    loadFont(settings.themeHeadingFont);
  }, [settings.themeFontFamily, settings.themeHeadingFont]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}

export function App() {
  return (
    <SessionProvider>
      <SiteSettingsProvider>
        <CartProvider>
          <ThemedApp />
        </CartProvider>
      </SiteSettingsProvider>
    </SessionProvider>
  );
}
