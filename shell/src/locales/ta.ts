// The 404 page's ta.po compiled (Lingui's compiled form), for the shell's Vite build, which compiles no .po
// file: locales.spec.ts holds it to the catalogue (docs/languages.md). After translating, write here what it shows.
import type { Messages } from '@lingui/core';

export const messages: Messages = {
  'shell.notFound.home': ['முகப்புப் பக்கத்துக்குச் செல்லுங்கள்'],
  'shell.notFound.title': ['404 பக்கம் கிடைக்கவில்லை'],
};
