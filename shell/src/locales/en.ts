// The 404 page's en.po compiled (Lingui's compiled form), for the shell's Vite build, which compiles no .po
// file: locales.spec.ts holds it to the catalogue (docs/languages.md). After translating, write here what it shows.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'shell.notFound.home': ['Go to the home page'],
  'shell.notFound.title': ['404 Page Not Found'],
};
