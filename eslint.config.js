import css from '@eslint/css';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { hexColourSyntax, tokensPlugin } from './scripts/eslint/hex-colours.mjs';
import { WALL_ZONES } from './scripts/eslint/walls.mjs';
import lingui from 'eslint-plugin-lingui';

// The design tokens (packages/web-kit/src/theme/tokens.ts) are the one place for a colour: a raw
// hex colour anywhere else in the front-ends is refused (scripts/eslint/hex-colours.mjs). Files that
// keep literal colours, because they must:
// - the tokens themselves, and palette.css, generated from them;
// - SVG drawings whose shades are the drawing's own (the diya): SVG presentation attributes take
//   no CSS variables in every browser the guests use (the landing page's ornaments are .svg files,
//   which the rule does not read);
// - the campaign e-mail template: mail programs ignore CSS variables and stylesheets.
const TOKEN_FILES = ['packages/web-kit/src/theme/tokens.ts', 'packages/web-kit/src/theme/palette.css'];
const KEEPS_LITERAL_COLOURS = [
  'packages/web-kit/src/ornaments/diya-icon.tsx',
  'admin-app/src/features/campaigns/lib/festival-template.ts',
  // The rule's own test: its fixtures are raw hex colours.
  'packages/web-kit/src/theme/hex-colour-lint.spec.ts',
];
const JS_FILES = ['**/*.{js,mjs,cjs,ts,mts,tsx}'];
// The guest code whose texts are all translated (docs/languages.md): a page joins as it is.
const TRANSLATED_SOURCES = [
  'drinks-app/src/**/*.{ts,tsx}',
  'packages/web-kit/src/i18n/**/*.{ts,tsx}',
  'public-site/src/features/landing/components/**/*.{ts,tsx}',
  'public-site/src/app/landing-page.tsx',
  'public-site/src/app/landing-languages.ts',
  'public-site/src/app/feast-checkout-route.tsx',
  'public-site/src/features/party/**/*.{ts,tsx}',
  'public-site/src/app/party-route.tsx',
  'public-site/src/app/languages.ts',
  'public-site/src/features/my-tickets/**/*.{ts,tsx}',
  'public-site/src/app/my-tickets-route.tsx',
  'public-site/src/app/my-tickets-languages.ts',
  'public-site/src/features/policies/**/*.{ts,tsx}',
  'public-site/src/app/policy-route.tsx',
  'packages/web-kit/src/legal/**/*.{ts,tsx}',
  'packages/web-kit/src/payments/**/*.{ts,tsx}',
  'shell/src/not-found-page.tsx',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'packages/web-kit/generated/**',
      '**/dist/**',
      '**/dist-*/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  { files: JS_FILES, ...js.configs.recommended },
  ...tseslint.configs.recommended.map((config) => ({ files: JS_FILES, ...config })),
  {
    files: JS_FILES,
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  // CommonJS files (Jest's transforms load as such): require() is how they import.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The door page's service worker: plain JavaScript served as it is.
  { files: ['shell/public/**/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['{shell,public-site,drinks-app,admin-app,packages/web-kit}/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              message: 'Import routing from @festival/router: it is the one router the shell and the remotes share.',
            },
            {
              name: '@tanstack/react-query',
              message: 'Import react-query from @festival/query: it is the one data cache the shell and the remotes share.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['{shell,public-site,drinks-app,admin-app,packages/web-kit}/src/**/*.{ts,tsx}'],
    ignores: [...TOKEN_FILES, ...KEEPS_LITERAL_COLOURS],
    rules: { 'no-restricted-syntax': ['error', ...hexColourSyntax] },
  },
  { files: ['**/*.css'], plugins: { css, tokens: tokensPlugin }, language: 'css/css' },
  { files: ['**/*.css'], ignores: TOKEN_FILES, rules: { 'tokens/no-hex-colour': 'error' } },
  {
    // Nest's dependency injection reads constructor parameter types at run time: an import that
    // looks type-only to the linter is a real value import there.
    files: ['api/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The walls between features (scripts/eslint/walls.mjs, docs/architecture.md "Dependency rule").
    files: ['{admin-app,public-site,drinks-app,api}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['admin-app/tsconfig.json', 'public-site/tsconfig.json', 'drinks-app/tsconfig.json', 'api/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: WALL_ZONES }] },
  },
  {
    // The guest pages that speak every language (docs/languages.md): no text a guest reads may be
    // written inline; it goes through Lingui (`t`, `<Trans>`) into the catalogues. What is not
    // text: class names, test ids, paths, keys, ARIA roles, input types and the like.
    files: TRANSLATED_SOURCES,
    ignores: ['**/*.spec.{ts,tsx}', '**/prerender.ts'],
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // One word in kebab, snake or camel case, a path, a query or a CSS value: no sentence.
            '^[a-z0-9][a-zA-Z0-9_./:?=&#%-]*$',
            '^/',
            // A CSS value (`1px solid ...`).
            '^[\\d.]+(px|rem|em|%|s|ms)( |$)',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '(className|testId|TestId|Prefix|Key|key|id|Id|href|to|type|role|name|mode|variant|inputMode|autoComplete|rel|target|method|lang|hrefLang|size|status|tone|kind|layout|as|enterKeyHint|pattern|accept|capture|display|position|scope)$',
              },
            },
            'data-testid',
            'aria-live',
            'aria-current',
            'aria-hidden',
            'aria-haspopup',
            'aria-controls',
            'aria-describedby',
            'aria-labelledby',
            'style',
          ],
          ignoreFunctions: [
            'Error',
            'console.*',
            'URLSearchParams',
            'new URLSearchParams',
            'useSearchParams',
            '*.get',
            '*.has',
            '*.set',
            '*.delete',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.split',
            '*.join',
            '*.querySelector',
            '*.addEventListener',
            '*.removeEventListener',
            '*.scrollTo',
            'cx',
            'clsx',
            'fetch',
            'apiGet',
            'apiPost',
            'apiPut',
            'apiDelete',
            'encodeURIComponent',
            'navigate',
            'localizedPath',
            'useQuery',
            'useMutation',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.{ts,tsx}', '**/*.int-spec.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
