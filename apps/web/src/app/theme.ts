import { alpha, createTheme, type PaletteColorOptions } from '@mui/material/styles';

/**
 * One theme for the whole product (DESIGN.md, Look and feel): calm, data-dense, 8 px grid,
 * Inter with tabular figures, colour only where it means something.
 */

declare module '@mui/material/styles' {
  interface Palette {
    severity: { high: string; medium: string; low: string };
    brand: { ink: string; tide: string; foam: string };
  }
  interface PaletteOptions {
    severity?: { high: string; medium: string; low: string };
    brand?: { ink: string; tide: string; foam: string };
  }
}

const primary: PaletteColorOptions = {
  main: '#1d4ed8',
  light: '#3b82f6',
  dark: '#1e3a8a',
  contrastText: '#fff',
};

const fontFamily = '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary,
        secondary: { main: '#0f766e' },
        success: { main: '#15803d' },
        error: { main: '#dc2626' },
        warning: { main: '#d97706' },
        info: { main: '#2563eb' },
        background: { default: '#f7f8fa', paper: '#ffffff' },
        text: { primary: '#111827', secondary: '#4b5563' },
        divider: '#e5e7eb',
        severity: { high: '#dc2626', medium: '#b45309', low: '#64748b' },
        brand: { ink: '#0b1b3a', tide: '#1d4ed8', foam: '#e8effd' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#60a5fa', contrastText: '#0b1220' },
        secondary: { main: '#2dd4bf' },
        success: { main: '#22c55e' },
        error: { main: '#f87171' },
        warning: { main: '#fbbf24' },
        background: { default: '#0b1220', paper: '#111a2e' },
        divider: '#1f2a44',
        severity: { high: '#f87171', medium: '#fbbf24', low: '#94a3b8' },
        brand: { ink: '#e2e8f0', tide: '#60a5fa', foam: '#12203d' },
      },
    },
  },
  spacing: 8,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    fontSize: 14,
    h1: { fontSize: '2rem', fontWeight: 650, letterSpacing: '-0.02em', lineHeight: 1.2 },
    h2: { fontSize: '1.5rem', fontWeight: 650, letterSpacing: '-0.015em', lineHeight: 1.25 },
    h3: { fontSize: '1.25rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h4: { fontSize: '1.125rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontSize: '0.875rem', fontWeight: 600 },
    subtitle1: { fontSize: '0.9375rem', fontWeight: 500 },
    subtitle2: { fontSize: '0.8125rem', fontWeight: 600 },
    body1: { fontSize: '0.9375rem' },
    body2: { fontSize: '0.8125rem' },
    caption: { fontSize: '0.75rem' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { fontFeatureSettings: '"cv11", "ss01"', WebkitFontSmoothing: 'antialiased' },
        '.tabular-nums': { fontVariantNumeric: 'tabular-nums' },
        // A person who asks the system for less motion gets none: transitions, ripples and skeleton pulses end
        // at once. Progress indicators keep turning, as they are what says the work goes on (WCAG 2.3.3).
        '@media (prefers-reduced-motion: reduce)': {
          '*:not([role="progressbar"], [role="progressbar"] *), ::before, ::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8 }, sizeLarge: { minHeight: 44 } },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: ({ theme }) => ({ borderColor: theme.palette.divider }) },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: ({ theme }) => ({
          borderBottom: `1px solid ${theme.palette.divider}`,
          backgroundColor: theme.palette.background.paper,
        }),
      },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiTextField: { defaultProps: { size: 'medium' } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: ({ theme }) => ({
          backgroundColor: theme.palette.background.paper,
          '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderWidth: 1.5 },
        }),
      },
    },
    MuiAlert: { styleOverrides: { root: { borderRadius: 8, alignItems: 'center' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiMenuItem: {
      styleOverrides: {
        root: ({ theme }) => ({
          minHeight: 36,
          fontSize: '0.875rem',
          '&:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.06) },
        }),
      },
    },
  },
});
