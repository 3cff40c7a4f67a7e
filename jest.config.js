import { readFileSync } from 'node:fs';

/**
 * One Jest run, six projects: the contracts, the deploy files, the API's unit specs, the API's
 * integration specs on a real database, the bench scripts, and the browser code (jsdom).
 */
const swcNode = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Lingui's macros are compiled first, by the Babel plugin the builds run (web-transform.cjs).
const swcWeb = [
  '<rootDir>/packages/web-kit/test/web-transform.cjs',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// ESM-only dependencies that Jest must transform to CommonJS.
const esmPackages = [
  'postal-mime',
  '@nestjs',
  'uid',
  'load-esm',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  'peek-readable',
  'p-retry',
  'is-network-error',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

// The web kit's entry points, exactly as its package.json exports them to the apps.
const webKitExports = JSON.parse(readFileSync(new URL('./packages/web-kit/package.json', import.meta.url), 'utf8')).exports;
const webKitMapper = Object.fromEntries(
  Object.entries(webKitExports).map(([subpath, target]) => [
    `^@festival/web-kit${subpath === '.' ? '' : subpath.slice(1)}$`,
    `<rootDir>/packages/web-kit/${target.replace(/^\.\//, '')}`,
  ]),
);

// Source imports carry `.js` extensions (NodeNext); Jest resolves them to the .ts files.
const moduleNameMapper = {
  // First, so the web kit's stylesheets (palette.css, button.css) are stubs like every other.
  '\\.(css|svg|png|woff2?)$': '<rootDir>/packages/web-kit/test/asset-stub.cjs',
  '^@festival/contracts$': '<rootDir>/packages/contracts/src/index.ts',
  '^@festival/test-kit$': '<rootDir>/packages/test-kit/src/index.ts',
  ...webKitMapper,
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const node = (displayName, testMatch, extra = {}) => ({
  displayName,
  rootDir: '.',
  testEnvironment: 'node',
  testMatch,
  transform: { '^.+\\.(t|j|mj)s$': swcNode },
  transformIgnorePatterns,
  moduleNameMapper,
  ...extra,
});

export default {
  // Integration specs start whole apps on real databases; a generous ceiling, not a benchmark.
  testTimeout: 60_000,
  projects: [
    node('contracts', ['<rootDir>/packages/contracts/src/**/*.spec.ts']),
    node('deploy', ['<rootDir>/deploy/**/*.spec.ts']),
    node('api', ['<rootDir>/api/src/**/*.spec.ts']),
    node('api-integration', ['<rootDir>/api/test/**/*.int-spec.ts']),
    // The bench scripts' own tests (a fault script must fail against a deliberately broken build)
    // and the test kit's.
    node('bench', ['<rootDir>/bench/**/*.spec.{ts,mjs}', '<rootDir>/packages/test-kit/src/**/*.spec.ts'], {
      testPathIgnorePatterns: ['/node_modules/', '/results/'],
    }),
    {
      displayName: 'web',
      rootDir: '.',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{packages/web-kit,shell,public-site,drinks-app,admin-app}/src/**/*.spec.{ts,tsx}'],
      transform: { '^.+\\.(t|j)sx?$': swcWeb, '^.+\\.po$': '<rootDir>/packages/web-kit/test/po-transform.cjs' },
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'po'],
      moduleNameMapper,
      setupFiles: ['<rootDir>/packages/web-kit/test/jsdom-setup.ts'],
    },
  ],
};
