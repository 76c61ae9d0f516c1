import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import type { SiteSettings } from '@rafflewin/domain';

function radiusPx(value: string): number {
  const amount = Number.parseFloat(value);
  if (Number.isNaN(amount)) return 16;
  return value.endsWith('rem') ? amount * 16 : amount;
}

/** One MUI theme, built from `settings/site` (spec defaults when absent). */
export function buildTheme(settings: SiteSettings): Theme {
  const radius = radiusPx(settings.themeBorderRadius);
  const buttonRadius =
    settings.themeButtonStyle === 'pill'
      ? 999
      : settings.themeButtonStyle === 'square'
        ? 0
        : radius / 2;
  const theme = createTheme({
    palette: {
      primary: { main: settings.themePrimaryColor },
      secondary: { main: settings.themeSecondaryColor },
      text: { primary: settings.themeTextColor },
      background: { default: settings.themeBackgroundColor },
      // MUI's default orange fails WCAG AA contrast for small text (white on #ed6c02 is 3.1:1);
      // this amber reads at 5:1 on white and under white text.
      warning: { main: '#B45309', dark: '#92400E', light: '#F59E0B', contrastText: '#FFFFFF' },
    },
    shape: { borderRadius: radius / 2 },
    typography: {
      fontFamily: `${settings.themeFontFamily}, -apple-system, "Segoe UI", Roboto, sans-serif`,
      h1: { fontFamily: settings.themeHeadingFont, fontWeight: 700 },
      h2: { fontFamily: settings.themeHeadingFont, fontWeight: 700 },
      h3: { fontFamily: settings.themeHeadingFont, fontWeight: 700 },
      h4: { fontFamily: settings.themeHeadingFont, fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { styleOverrides: { root: { borderRadius: buttonRadius } } },
      MuiCard: {
        defaultProps: {
          elevation: settings.themeCardStyle === 'shadow' ? 2 : 0,
          variant: settings.themeCardStyle === 'outlined' ? 'outlined' : 'elevation',
        },
      },
    },
  });
  return responsiveFontSizes(theme);
}
