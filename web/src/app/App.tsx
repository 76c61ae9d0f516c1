import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { useSiteSettings } from '@/hooks/useSiteSettings';
import { loadFont } from '@/lib/fonts';
import { CartProvider } from './CartProvider';
import { SessionProvider, SiteSettingsProvider } from './providers';
import { AppRoutes } from './router';
import { buildTheme } from './theme';

/**
 * The theme from the settings. Its children come from `App`, so new settings re-render this
 * and what reads them, not the whole page below.
 */
function ThemedApp({ children }: { children: ReactNode }) {
  const { settings } = useSiteSettings();
  // Rebuilt only when a theme setting changes, not with every new copy of the settings (a
  // new theme restyles every component on the page).
  const themeKey = JSON.stringify(
    Object.entries(settings).filter(([key]) => key.startsWith('theme')),
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- themeKey stands for the theme settings
  const theme = useMemo(() => buildTheme(settings), [themeKey]);
  useEffect(() => {
    loadFont(settings.themeFontFamily);
    loadFont(settings.themeHeadingFont);
  }, [settings.themeFontFamily, settings.themeHeadingFont]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function App() {
  return (
    <SessionProvider>
      <SiteSettingsProvider>
        <CartProvider>
          <ThemedApp>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ThemedApp>
        </CartProvider>
      </SiteSettingsProvider>
    </SessionProvider>
  );
}
