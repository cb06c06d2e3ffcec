import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@aws-amplify/ui-react';
// Only the styles of the primitives the back-office uses, in this lazily loaded
// chunk: the public site never downloads them. The unlayered files, so Amplify's class rules win
// over the site's element rules (button, input, h1...) inside the admin area.
import '@aws-amplify/ui-react/styles/base.css';
import '@aws-amplify/ui-react/styles/flex.css';
import '@aws-amplify/ui-react/styles/grid.css';
import '@aws-amplify/ui-react/styles/text.css';
import '@aws-amplify/ui-react/styles/heading.css';
import '@aws-amplify/ui-react/styles/card.css';
import '@aws-amplify/ui-react/styles/divider.css';
import '@aws-amplify/ui-react/styles/icon.css';
import '@aws-amplify/ui-react/styles/visuallyHidden.css';
import '@aws-amplify/ui-react/styles/button.css';
import '@aws-amplify/ui-react/styles/badge.css';
import '@aws-amplify/ui-react/styles/alert.css';
import '@aws-amplify/ui-react/styles/loader.css';
import '@aws-amplify/ui-react/styles/table.css';
import '@aws-amplify/ui-react/styles/tabs.css';
import '@aws-amplify/ui-react/styles/field.css';
import '@aws-amplify/ui-react/styles/fieldGroup.css';
import '@aws-amplify/ui-react/styles/fieldMessages.css';
import '@aws-amplify/ui-react/styles/input.css';
import '@aws-amplify/ui-react/styles/textField.css';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';
import '@aws-amplify/ui-react/styles/searchField.css';
import '@aws-amplify/ui-react/styles/select.css';
import '@aws-amplify/ui-react/styles/selectField.css';
import '@aws-amplify/ui-react/styles/switchField.css';
import '@aws-amplify/ui-react/styles/avatar.css';
import '@aws-amplify/ui-react/styles/link.css';

/**
 * The back-office's Amplify UI theme: the site's dark navy surfaces with the gold accent
 * (web/src/styles/global.css). Amplify's scales run light to dark; here they run dark to light, as
 * in Amplify's own dark mode, so tinted backgrounds (alerts, badges) stay dark with light text.
 */
const GOLD = {
  10: '#2a2414',
  20: '#3d3418',
  40: '#8c7425',
  60: '#b8962e',
  80: '#d4af37',
  90: '#e9c96a',
  100: '#f5e3a8',
} as const;

const NAVY = {
  10: '#0d182e',
  20: '#111d36',
  40: '#243556',
  60: '#5b6d8f',
  80: '#a9b4c8',
  90: '#d5dbe6',
  100: '#eef1f7',
} as const;

/** Amplify's dark-mode flip of a hue's scale (its light 100 becomes 10, and so on). */
const darkScale = (hue: number, saturation: { light: number; dark: number }) => ({
  10: `hsl(${hue}, 100%, 15%)`,
  20: `hsl(${hue}, 100%, 20%)`,
  40: `hsl(${hue}, 95%, 30%)`,
  60: `hsl(${hue}, 50%, 50%)`,
  80: `hsl(${hue}, ${saturation.light}%, 75%)`,
  90: `hsl(${hue}, ${saturation.light}%, 85%)`,
  100: `hsl(${hue}, ${saturation.dark}%, 95%)`,
});

export const ADMIN_THEME_NAME = 'goldbot-admin';

export const adminTheme: Theme = {
  name: ADMIN_THEME_NAME,
  tokens: {
    colors: {
      red: darkScale(0, { light: 75, dark: 75 }),
      orange: darkScale(30, { light: 75, dark: 75 }),
      green: darkScale(150, { light: 45, dark: 60 }),
      blue: darkScale(220, { light: 70, dark: 95 }),
      neutral: NAVY,
      primary: GOLD,
      font: {
        primary: NAVY[100],
        secondary: NAVY[80],
        tertiary: '#8593ad',
        disabled: NAVY[60],
        inverse: '#14110a',
        interactive: GOLD[90],
        hover: GOLD[90],
        focus: GOLD[100],
        active: GOLD[100],
      },
      background: {
        primary: '#111d36',
        secondary: '#16243f',
        tertiary: '#0d182e',
        quaternary: NAVY[40],
        disabled: '#1b2a48',
      },
      border: {
        primary: '#34507f',
        secondary: '#243556',
        tertiary: '#1b2a48',
        focus: GOLD[80],
        pressed: GOLD[90],
      },
      shadow: {
        primary: 'rgb(0 0 0 / 0.45)',
        secondary: 'rgb(0 0 0 / 0.3)',
        tertiary: 'rgb(0 0 0 / 0.15)',
      },
      overlay: {
        5: 'hsla(0, 0%, 100%, 0.05)',
        10: 'hsla(0, 0%, 100%, 0.1)',
        20: 'hsla(0, 0%, 100%, 0.2)',
      },
    },
    fonts: {
      default: { variable: 'var(--font-sans)', static: 'var(--font-sans)' },
    },
    radii: { small: '6px', medium: '10px', large: '16px' },
    components: {
      switchfield: { thumb: { backgroundColor: NAVY[100] } },
      // The site's danger red under dark text: Amplify's red.60 is too dark for it (axe contrast).
      button: { destructive: { backgroundColor: '#ff7a7a' } },
      card: { backgroundColor: '#111d36', borderRadius: '10px' },
      table: { header: { color: NAVY[80] } },
    },
  },
};

/**
 * Wraps its children in the admin theme. The admin layout wraps every admin screen in it; content
 * portalled out of that tree (a modal) wraps itself again, or it would fall back to Amplify's
 * light default tokens.
 */
export function AdminThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={adminTheme}>{children}</ThemeProvider>;
}
