import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import type { ThemeSettings } from '@rafflewin/domain';
import { FONT_STACKS } from '@/lib/fonts';

function radiusPx(value: string): number {
  const amount = Number.parseFloat(value);
  if (Number.isNaN(amount)) return 16;
  return value.endsWith('rem') ? amount * 16 : amount;
}

/**
 * One MUI theme, built from the Appearance settings of `settings/site` (their defaults when
 * absent). The shop's layout honours the layout, navbar and footer styles itself (AppLayout,
 * NavBar, Footer); the admin console's live preview builds its theme here too.
 */
/** Whether the visitor's system asks for less motion (MUI's transitions ignore it on their own). */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  );
}

/** No transitions at all: dialogs, menus and alerts appear and go at once. */
const NO_MOTION = {
  create: () => 'none',
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

export function buildTheme(settings: ThemeSettings): Theme {
  const reducedMotion = prefersReducedMotion();
  const radius = radiusPx(settings.themeBorderRadius);
  const buttonRadius =
    settings.themeButtonStyle === 'pill'
      ? 999
      : settings.themeButtonStyle === 'square'
        ? 0
        : radius / 2;
  const headingFont = FONT_STACKS[settings.themeHeadingFont];
  const heading = { fontFamily: headingFont, fontWeight: 700 };
  const cardStyle = settings.themeCardStyle;
  const theme = createTheme({
    palette: {
      primary: { main: settings.themePrimaryColor },
      secondary: { main: settings.themeSecondaryColor },
      // The accent colours informational highlights (info alerts, chips and badges).
      info: { main: settings.themeAccentColor },
      text: { primary: settings.themeTextColor },
      background: { default: settings.themeBackgroundColor },
      // MUI's default orange fails WCAG AA contrast for small text (white on #ed6c02 is 3.1:1);
      // this amber reads at 5:1 on white and under white text.
      warning: { main: '#B45309', dark: '#92400E', light: '#F59E0B', contrastText: '#FFFFFF' },
    },
    shape: { borderRadius: radius / 2 },
    ...(reducedMotion ? { transitions: NO_MOTION } : {}),
    typography: {
      fontFamily: FONT_STACKS[settings.themeFontFamily],
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: { fontFamily: headingFont },
      h6: { fontFamily: headingFont },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // MUI marks keyboard focus with the ripple only, which reduced motion switches off: an
      // outline in the control's own text colour, drawn inside it (a menu's or list's edge
      // cannot cut it off), shows it on every button, icon button, menu item and list item.
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 } },
        },
      },
      MuiButton: { styleOverrides: { root: { borderRadius: buttonRadius } } },
      // shadow: raised; border: a thin outline, no shadow; flat: neither.
      MuiCard: {
        defaultProps: {
          elevation: cardStyle === 'shadow' ? 2 : 0,
          variant: cardStyle === 'border' ? 'outlined' : 'elevation',
        },
      },
    },
  });
  return responsiveFontSizes(theme);
}
