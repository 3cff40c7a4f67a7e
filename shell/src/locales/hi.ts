// The 404 page's hi.po compiled (Lingui's compiled form), for the shell's Vite build, which compiles no .po
// file: locales.spec.ts holds it to the catalogue (docs/languages.md). After translating, write here what it shows.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'shell.notFound.home': ['होम पेज पर जाएँ'],
  'shell.notFound.title': ['404 पेज नहीं मिला'],
};
