import type { ThemeConfig } from 'antd';
import { antdTheme, colors, staffColors } from '@festival/web-kit/tokens';

/**
 * The staff area's colours, by the names its components use, all from the design tokens
 * (@festival/web-kit/tokens, the palette of the guest pages and the shell). The staff area's
 * `aubergine` is the guest pages' maroon ground; its `maroon`, the primary colour, is the
 * tokens' lighter `wine`; its `saffron`, AA on white, is the tokens' `rust`.
 */
export const palette = {
  aubergine: colors.maroon,
  maroon: staffColors.wine,
  marigold: colors.marigold,
  saffron: colors.rust,
  gold: colors.gold,
  cream: colors.cream,
  creamDeep: colors.creamDeep,
  white: colors.white,
  sand: colors.sand,
  ink: colors.ink,
  inkSoft: colors.muted,
  border: colors.line,
  success: colors.ok,
  error: colors.alert,
} as const;

/** The antd theme of the whole staff area. */
export const adminTheme: ThemeConfig = antdTheme;
