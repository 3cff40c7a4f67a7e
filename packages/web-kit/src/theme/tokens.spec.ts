import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { antdTheme, colors, cssVariables, fonts, radii, shadows, staffColors, tokensCss } from './tokens';

const PALETTE_CSS = join(__dirname, 'palette.css');

// `UPDATE_TOKENS_CSS=1 npx jest --selectProjects web tokens` writes palette.css again after a token changed.
if (process.env.UPDATE_TOKENS_CSS === '1') writeFileSync(PALETTE_CSS, tokensCss());

/** The custom properties a stylesheet declares, in order. */
function declared(css: string): [string, string][] {
  return [...css.matchAll(/(--[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]);
}

describe('design tokens', () => {
  it('palette.css is the stylesheet generated from tokens.ts', () => {
    expect(readFileSync(PALETTE_CSS, 'utf8')).toBe(tokensCss());
  });

  it('declares one CSS variable per colour, font, radius and shadow, with its value', () => {
    const variables = new Map(declared(readFileSync(PALETTE_CSS, 'utf8')));
    expect(variables.get('--maroon')).toBe(colors.maroon);
    expect(variables.get('--cream-deep')).toBe(colors.creamDeep);
    expect(variables.get('--marigold-light')).toBe(colors.marigoldLight);
    expect(variables.get('--font-display')).toBe(fonts.display);
    expect(variables.get('--radius-pill')).toBe(radii.pill);
    expect(variables.get('--shadow-button')).toBe(shadows.button);
    const expected = Object.keys(colors).length + Object.keys(fonts).length + Object.keys(radii).length + Object.keys(shadows).length;
    expect(variables.size).toBe(expected);
    expect(cssVariables()).toHaveLength(expected);
  });

  it('gives one value to one name: no colour is declared twice under two names', () => {
    const values = Object.values(colors);
    expect(new Set(values).size).toBe(values.length);
    expect(Object.values(staffColors).filter((value) => (values as string[]).includes(value))).toEqual([]);
  });

  it('builds the antd theme of the staff area from the same tokens', () => {
    expect(antdTheme.token).toMatchObject({
      colorPrimary: staffColors.wine,
      colorText: colors.ink,
      colorTextSecondary: colors.muted,
      colorBgLayout: colors.cream,
      colorSuccess: colors.ok,
      colorError: colors.alert,
      borderRadius: 8,
      fontFamily: fonts.system,
    });
    expect(antdTheme.components.Layout).toEqual({ headerBg: colors.maroon, headerColor: colors.cream, bodyBg: colors.cream });
  });
});
