import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOR = '#106898';
export const BACKGROUND_COLOR = '#f3f1f1';
/** The light tint behind selected menu items and options; PRIMARY_COLOR on it is 5.3 : 1. */
const PRIMARY_TINT = '#e7f0f4';

/**
 * Every text colour below reaches WCAG AA (4.5 : 1) on white and on BACKGROUND_COLOR
 * (docs/web-guide.md "Accessibility"): antd's defaults for secondary text, placeholders, status
 * text and tag text are lighter than that.
 */
export const theme: ThemeConfig = {
  // Component styles come from antd's prebuilt stylesheet (linked first in the document,
  // app/beyond-login.ts) instead of being generated in the browser on each component's first render;
  // the tokens below still reach them as CSS variables (docs/web-guide.md "Loading").
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    borderRadius: 6,
    // Secondary text (descriptions, breadcrumbs, statistic titles, empty states): 6 : 1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Danger links and buttons: white on it and it on white are 5.6 : 1.
    colorError: '#cf1322',
    // Success and warning as text (Typography type="success" / "warning", alerts): 5.4 and 5.6 : 1.
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorPrimaryBg: PRIMARY_TINT,
    colorInfoBg: PRIMARY_TINT,
    controlItemBgActive: PRIMARY_TINT,
  },
  components: {
    Layout: { bodyBg: BACKGROUND_COLOR, headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px' },
    Menu: { itemSelectedBg: PRIMARY_TINT, itemSelectedColor: PRIMARY_COLOR },
    // Tag text is the palette's 7th shade on its 1st; these are the shades that pass where the 7th does not.
    Tag: {
      cyan7: '#006d75',
      gold7: '#874d00',
      green7: '#237804',
      lime7: '#3f6600',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      yellow7: '#876800',
      colorSuccess: '#237804',
      colorWarning: '#874d00',
    },
    Progress: { colorSuccess: '#237804' },
  },
};

/** The theme as applied: someone who asks the system for less motion gets dialogs, drawers and menus without animation. */
export const appTheme: ThemeConfig = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  ? { ...theme, token: { ...theme.token, motion: false } }
  : theme;
