import type { ThemeConfig } from 'antd';

/**
 * The restaurant's festival palette (the shell and guest pages use the same colours). Every
 * text colour below keeps WCAG AA contrast on white and on the cream ground.
 */
export const palette = {
  aubergine: '#4a1030',
  maroon: '#7b1e3a',
  maroonDark: '#5e1630',
  marigold: '#f5a623',
  saffron: '#b5451b',
  gold: '#c9a227',
  cream: '#fff8ec',
  creamDeep: '#fbeedd',
  ink: '#2b0f1e',
  inkSoft: '#5c4a3d',
  border: '#ecd9bf',
  success: '#2e7d32',
  error: '#b42318',
} as const;

/** Colours for charts, in the order series should take them. */
export const chartColors = [palette.maroon, palette.marigold, palette.saffron, palette.gold, palette.aubergine, palette.success];

/** The antd theme of the whole staff area. */
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: palette.maroon,
    colorLink: palette.maroon,
    colorInfo: palette.saffron,
    colorSuccess: palette.success,
    colorError: palette.error,
    colorWarning: '#b26a00',
    colorText: palette.ink,
    colorTextSecondary: palette.inkSoft,
    // Secondary text (Typography type="secondary", descriptions): antd's default is a pale
    // alpha of the text colour, below AA contrast on the cream ground.
    colorTextDescription: palette.inkSoft,
    colorBgLayout: palette.cream,
    colorBorder: '#dcc3a1',
    colorBorderSecondary: palette.border,
    borderRadius: 8,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: palette.aubergine, headerColor: palette.cream, bodyBg: palette.cream },
    Table: { headerBg: palette.creamDeep, headerColor: palette.ink, rowHoverBg: '#fff3e0' },
    Card: { headerBg: 'transparent' },
    Button: { primaryShadow: 'none' },
    Progress: { defaultColor: palette.maroon },
  },
};
