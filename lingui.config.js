import { formatter } from '@lingui/format-po';

const SPECS = ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**', '**/node_modules/**'];

/**
 * The guest pages' message catalogues (docs/languages.md): a few per remote (what a page needs
 * first, then what its later pages add), in PO files beside its code, English the source. `lingui extract` (scripts/messages.mjs) writes the messages the
 * code marks into them; the Vite builds and the Jest transform compile them on import.
 */
export default {
  sourceLocale: 'en',
  locales: ['en', 'hi', 'ta'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The drinks menu and what every drinks page shares: loaded with the remote.
    {
      path: '<rootDir>/drinks-app/src/locales/menu/{locale}',
      include: ['<rootDir>/drinks-app/src/app', '<rootDir>/drinks-app/src/shared', '<rootDir>/drinks-app/src/features/menu'],
      exclude: SPECS,
    },
    // The checkout, confirmation and ticket-tab pages: loaded with their pages' code.
    {
      path: '<rootDir>/drinks-app/src/locales/orders/{locale}',
      include: [
        '<rootDir>/drinks-app/src/features/checkout',
        '<rootDir>/drinks-app/src/features/confirmation',
        '<rootDir>/drinks-app/src/features/ticket-tab',
      ],
      exclude: SPECS,
    },
    // The party page (/diwali-party): loaded with its page, never with the landing page.
    {
      path: '<rootDir>/public-site/src/locales/party/{locale}',
      include: ['<rootDir>/public-site/src/features/party', '<rootDir>/public-site/src/app/party-route.tsx'],
      exclude: SPECS,
    },
    // The API's guest e-mails and calendar files (docs/languages.md, "E-mails and the API's
    // catalogue"): explicit-id messages, compiled by scripts/messages.mjs into
    // api/src/locales/messages.generated.ts, which the API imports (Node reads no .po file).
    {
      path: '<rootDir>/api/src/locales/{locale}',
      include: ['<rootDir>/api/src'],
      exclude: SPECS,
    },
  ],
  // The API's code has constructor parameter decorators (NestJS): the extractor parses its
  // TypeScript with the legacy decorators, as tsc compiles it.
  extractorParserOptions: { tsExperimentalDecorators: true },
  format: formatter({ lineNumbers: false, printLinguiId: true }),
  orderBy: 'message',
};
