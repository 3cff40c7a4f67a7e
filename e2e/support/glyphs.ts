import type { Page } from '@playwright/test';
import { convert } from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';

/** The scripts the guest pages are written in besides Latin: their letters' code points, and the web fonts that carry them. */
const SCRIPTS = [
  {
    name: 'Devanagari',
    fonts: /\/hi-(text|name)-[\w-]+\.woff2$/,
    ranges: [
      [0x0900, 0x097f],
      [0x1cd0, 0x1cff],
      [0xa8e0, 0xa8ff],
    ],
  },
  { name: 'Tamil', fonts: /\/ta-(text|name)-[\w-]+\.woff2$/, ranges: [[0x0b80, 0x0bff]] },
];

const inScript = (character: string, ranges: number[][]) => {
  const code = character.codePointAt(0)!;
  return ranges.some(([from, to]) => code >= from && code <= to);
};

/** The code points a web font has glyphs for. */
async function codePointsOf(font: Buffer): Promise<Set<number>> {
  const face = new Face(new Blob(new Uint8Array(await convert(font, 'sfnt'))));
  return new Set(face.collectUnicodes());
}

/**
 * The Devanagari and Tamil letters the page shows (its text as drawn, and its elements' accessible
 * labels) that no Indic web font the page loaded has a glyph for: on a phone without that
 * script's own font, each would be drawn as a missing-glyph box. Empty when the page is whole.
 */
export async function lettersWithoutGlyphs(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const { text, fonts } = await page.evaluate(() => ({
    text: [document.body.innerText, ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'))].join('\n'),
    fonts: performance.getEntriesByType('resource').map((entry) => entry.name),
  }));
  const missing: string[] = [];
  for (const script of SCRIPTS) {
    const letters = [...new Set([...text].filter((character) => inScript(character, script.ranges)))];
    if (letters.length === 0) continue;
    const covered = new Set<number>();
    for (const url of fonts.filter((name) => script.fonts.test(new URL(name).pathname))) {
      const response = await page.request.get(url);
      for (const codePoint of await codePointsOf(await response.body())) covered.add(codePoint);
    }
    missing.push(...letters.filter((letter) => !covered.has(letter.codePointAt(0)!)));
  }
  return missing;
}
