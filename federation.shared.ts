import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias, Plugin } from 'vite';

/**
 * Libraries the shell and every remote share as singletons through Module Federation, so a
 * page carries one React, one router, one query client context and one zustand.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  // react-router-dom is shared through @festival/router, which re-exports the parts of it the
  // site uses: a share is bundled whole, and react-router-dom itself is four times larger.
  // Apps import routing from @festival/router only (a lint rule forbids react-router-dom).
  '@festival/router': { singleton: true, requiredVersion: '^1.0.0' },
  // react-query likewise through @festival/query, the parts of it the site uses (a lint rule
  // forbids importing @tanstack/react-query directly).
  '@festival/query': { singleton: true, requiredVersion: '^1.0.0' },
  // zustand alone: its subpaths (zustand/middleware, zustand/vanilla) hold no state of their own,
  // so each app bundles the parts it uses rather than a shared copy of the whole subpath (an
  // explicit shareKey stops the plugin from sharing the package's subpaths too).
  zustand: { singleton: true, requiredVersion: '^5.0.0', shareKey: 'zustand' },
};

/** Resolve workspace packages to their TypeScript sources in every Vite build. */
export const SOURCE_CONDITIONS = ['source'];

/**
 * The shell's Rolldown output options: the federation runtime, the modules the plugin generates
 * around it (host init, pending shares, import maps, the runtime published for the remotes) and
 * the shell's own copies of the router and query subsets and of zustand go into one `federation`
 * chunk instead of a dozen small files. Every page loads them all, and as one file they compress
 * together: about 1.6 KiB less on the wire per page. The plugin keeps the share loaders
 * (`__loadShare__`, which hold react and react-dom's client) in chunks of their own.
 */
export const FEDERATION_CHUNKING = {
  codeSplitting: {
    groups: [
      {
        name: 'federation',
        test: (id: string) =>
          /virtual:mf|@module-federation[\\/]|vite[\\/]preload-helper|node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|zustand)[\\/]|packages[\\/](router|query)[\\/]/.test(
            id,
          ),
      },
    ],
  },
};

/**
 * A remote's Rolldown output options: the pieces of the federation runtime a remote still
 * carries (its entry's helpers) in one chunk. The generated modules stay where the plugin puts
 * them; grouping them too changes which copy of a shared library a remote picks.
 */
export const REMOTE_FEDERATION_CHUNKING = {
  codeSplitting: {
    groups: [{ name: 'federation', test: /node_modules[\\/]@module-federation[\\/]|vite[\\/]preload-helper/ }],
  },
};

const routerDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * react-router's package exports point at its development build (its own Vite plugin switches
 * to the production one); the site's builds use the production build directly.
 */
export const ROUTER_PRODUCTION_ALIASES: Alias[] = [
  { find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDir, 'dist/production/dom-export.mjs') },
];

/**
 * The federation runtime's plugin that publishes the runtime for the remotes imports the
 * runtime's whole package.json to read its version; only the version goes into the build.
 */
export function federationRuntimeVersionOnly(): Plugin {
  return {
    name: 'festival:federation-runtime-version-only',
    enforce: 'pre',
    load(id) {
      if (!/@module-federation[\\/]runtime[\\/]package\.json$/.test(id)) return null;
      const { version } = createRequire(import.meta.url)('@module-federation/runtime/package.json') as { version: string };
      return { code: `export default ${JSON.stringify({ version })};`, moduleType: 'js' };
    },
  };
}
