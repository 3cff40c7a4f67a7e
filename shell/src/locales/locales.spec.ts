import type { Messages } from '@lingui/core';
import type { Language } from '@festival/contracts';
import { messages as enCompiled } from './en';
import { messages as enCatalogue } from './en.po';
import { messages as hiCompiled } from './hi';
import { messages as hiCatalogue } from './hi.po';
import { messages as taCompiled } from './ta';
import { messages as taCatalogue } from './ta.po';

// The shell's Vite build compiles no `.po` file: the 404 page loads its catalogue compiled into
// `{en,hi,ta}.ts`. Each must be what its `.po` compiles to (here by the Jest transform, as Lingui's
// Vite plugin compiles the remotes'): a translation changed in the `.po` goes into its module too.
const LANGUAGES: [Language, Messages, Messages][] = [
  ['en', enCompiled, enCatalogue],
  ['hi', hiCompiled, hiCatalogue],
  ['ta', taCompiled, taCatalogue],
];

describe("the 404 page's catalogues", () => {
  it.each(LANGUAGES)('%s: the compiled module holds what the .po compiles to', (_language, compiled, catalogue) => {
    expect(compiled).toEqual(catalogue);
  });
});
