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
    // The landing page (/) and the frame the feast checkout shares with it (the header's cart,
    // the packs), its footer's links included (one catalogue, one request): loaded with the page.
    {
      path: '<rootDir>/public-site/src/locales/landing/{locale}',
      include: [
        '<rootDir>/public-site/src/features/landing',
        '<rootDir>/public-site/src/app/landing-page.tsx',
        '<rootDir>/public-site/src/features/feast/components/cart-button.tsx',
        '<rootDir>/public-site/src/features/feast/components/cart-panel.tsx',
        '<rootDir>/public-site/src/features/feast/components/feast-packs.tsx',
        '<rootDir>/public-site/src/features/feast/components/open-packs.tsx',
        '<rootDir>/packages/web-kit/src/legal/legal-links.tsx',
      ],
      exclude: SPECS,
    },
    // The feast checkout's own words (/feast-packs/checkout; its frame and cart are the landing's): loaded with its page.
    {
      path: '<rootDir>/public-site/src/locales/feast-checkout/{locale}',
      include: [
        '<rootDir>/public-site/src/features/feast/components/feast-checkout-page.tsx',
        '<rootDir>/public-site/src/app/feast-checkout-route.tsx',
      ],
      exclude: SPECS,
    },
    // The party page (/diwali-party): loaded with its page, never with the landing page.
    {
      path: '<rootDir>/public-site/src/locales/party/{locale}',
      include: ['<rootDir>/public-site/src/features/party', '<rootDir>/public-site/src/app/party-route.tsx'],
      exclude: SPECS,
    },
    // The party page's `Find my tickets` card (a chunk of its own below the purchase): loaded with the party page.
    {
      path: '<rootDir>/public-site/src/locales/find-my-tickets/{locale}',
      include: ['<rootDir>/public-site/src/features/my-tickets/components/find-my-tickets.tsx'],
      exclude: SPECS,
    },
    // My tickets (/my-tickets): loaded with its page.
    {
      path: '<rootDir>/public-site/src/locales/my-tickets/{locale}',
      include: ['<rootDir>/public-site/src/features/my-tickets', '<rootDir>/public-site/src/app/my-tickets-route.tsx'],
      exclude: [...SPECS, '**/find-my-tickets.tsx'],
    },
    // The privacy policy's and the ticket terms' frame (/privacy, /terms; the policies' text is the staff's): loaded with their page.
    {
      path: '<rootDir>/public-site/src/locales/policies/{locale}',
      include: ['<rootDir>/public-site/src/features/policies', '<rootDir>/public-site/src/app/policy-route.tsx'],
      exclude: SPECS,
    },
    // The web kit's footer links (LegalLinks): loaded with every guest page that shows them (the landing page's catalogue holds them too).
    {
      path: '<rootDir>/packages/web-kit/src/locales/legal-links/{locale}',
      include: ['<rootDir>/packages/web-kit/src/legal/legal-links.tsx'],
      exclude: SPECS,
    },
    // The web kit's checkout parts (the card form, the pay line, the news box): loaded with the pages that take an order.
    {
      path: '<rootDir>/packages/web-kit/src/locales/checkout/{locale}',
      include: ['<rootDir>/packages/web-kit/src/legal/legal.tsx', '<rootDir>/packages/web-kit/src/payments'],
      exclude: SPECS,
    },
    // The shell's 404 page: loaded with its chunk, only on a 404.
    {
      path: '<rootDir>/shell/src/locales/{locale}',
      include: ['<rootDir>/shell/src/not-found-page.tsx'],
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
