/**
 * The festival's design tokens, the one source of every colour, radius, shadow and font of the
 * front-ends (docs/visual-design.md: maroon and aubergine grounds, marigold and saffron accents,
 * warm cream surfaces, a little gold). From here come:
 *
 * - the CSS variables of the guest pages and the shell, `palette.css` beside this file, written
 *   by `tokensCss()` (a test checks the file matches; docs/design-tokens.md says how to
 *   regenerate it). A stylesheet, not a script, so pre-rendered pages paint styled before any
 *   script runs and `/` downloads no extra JavaScript;
 * - the staff area's antd theme (`antdTheme`) and its colours (`staffColors`).
 *
 * Text colours keep WCAG AA contrast on the grounds they are used on (noted in the stylesheets).
 * Raw hex colours anywhere else are refused by the lint (eslint.config.js).
 */

/** The palette shared by the guest pages, the shell and the staff area. A CSS variable each. */
export const colors = {
  maroon: '#4a1030',
  aubergine: '#2e0b22',
  plum: '#5e1640',
  ink: '#2b0f1e',
  muted: '#6b3f55',
  cream: '#fff8ec',
  creamDeep: '#fbeed5',
  white: '#ffffff',
  marigold: '#f5a623',
  marigoldLight: '#ffc45c',
  saffron: '#e8711a',
  rust: '#b5451b',
  gold: '#c9971c',
  sand: '#f3d9a4',
  line: '#f0e2cc',
  edge: '#d9c3a5',
  field: '#b9a088',
  highlight: '#fff7e8',
  note: '#fff1cf',
  noteDeep: '#ffe2b8',
  noteInk: '#5c2d00',
  ok: '#1f6b33',
  alert: '#b3261e',
  alertBg: '#fde8e8',
  alertInk: '#8a1111',
  disabled: '#e6d9c9',
  disabledInk: '#6f5f57',
  offLine: '#cdbdb0',
  offInk: '#9c8a80',
  shimmer: '#f6ead6',
  shimmerLight: '#fbf3e6',
} as const;

/** Colours only the staff area uses (antd and its inline styles): not emitted as CSS variables. */
export const staffColors = {
  /** The staff area's primary colour: a lighter maroon than the guest pages' ground, AA on white. */
  wine: '#7b1e3a',
  warning: '#b26a00',
  border: '#dcc3a1',
  /** Table rows under the pointer, the child-ticket tag, the drop-off cards still to do. */
  peach: '#fff3e0',
  peachLine: '#f3c99c',
  rose: '#fbe9ef',
  roseLine: '#e9b8c8',
  okBg: '#eef6ee',
  tableHead: '#fffaf2',
  live: '#2f9e44',
} as const;

/** Printed pages and the drinks QR code: black on white paper. */
export const paperColors = {
  ink: '#000000',
  paper: '#ffffff',
  meta: '#333333',
  rule: '#999999',
  fill: '#eeeeee',
} as const;

export const fonts = {
  display: "'Playfair Display', Georgia, 'Times New Roman', serif",
  text: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
} as const;

export const radii = {
  card: '1.25rem',
  field: '0.6rem',
  pill: '999px',
  /** antd's controls and the staff area's panels. */
  control: '8px',
} as const;

export const shadows = {
  card: '0 6px 24px rgba(74, 16, 48, 0.1)',
  button: '0 4px 14px rgba(232, 117, 26, 0.35)',
} as const;

/** `creamDeep` → `cream-deep`. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The CSS variable names, in the order `palette.css` declares them. */
export function cssVariables(): [name: string, value: string][] {
  const group = (prefix: string, values: Record<string, string>) =>
    Object.entries(values).map(([name, value]): [string, string] => [`--${prefix}${kebab(name)}`, value]);
  return [...group('', colors), ...group('font-', fonts), ...group('radius-', radii), ...group('shadow-', shadows)];
}

/** The text of `palette.css`. */
export function tokensCss(): string {
  const lines = cssVariables().map(([name, value]) => `  ${name}: ${value};`);
  return [
    '/* Generated from tokens.ts by its test (docs/design-tokens.md): edit tokens.ts, not this file. */',
    ':root {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

/**
 * The staff area's antd theme (an antd `ThemeConfig`; admin-app types it, so this package needs
 * no antd).
 */
export const antdTheme = {
  token: {
    colorPrimary: staffColors.wine,
    colorLink: staffColors.wine,
    colorInfo: colors.rust,
    colorSuccess: colors.ok,
    colorError: colors.alert,
    colorWarning: staffColors.warning,
    colorText: colors.ink,
    colorTextSecondary: colors.muted,
    // Secondary text (Typography type="secondary", descriptions): antd's default is a pale
    // alpha of the text colour, below AA contrast on the cream ground.
    colorTextDescription: colors.muted,
    colorBgLayout: colors.cream,
    colorBorder: staffColors.border,
    colorBorderSecondary: colors.line,
    borderRadius: Number.parseInt(radii.control, 10),
    fontFamily: fonts.system,
  },
  components: {
    Layout: { headerBg: colors.maroon, headerColor: colors.cream, bodyBg: colors.cream },
    Table: { headerBg: colors.creamDeep, headerColor: colors.ink, rowHoverBg: staffColors.peach },
    Card: { headerBg: 'transparent' },
    Button: { primaryShadow: 'none' },
    Progress: { defaultColor: staffColors.wine },
  },
};
