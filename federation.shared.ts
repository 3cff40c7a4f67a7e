import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { minify } from 'terser';
import type { Alias, Plugin } from 'vite';

/**
 * Libraries the shell and every remote share as singletons through Module Federation, so a
 * page carries one React, one router, one query client context and one zustand.
 */
export const SHARED_SINGLETONS = {
  // react alone (an explicit shareKey keeps the plugin from sharing its subpaths too): its JSX
  // runtime holds no state, so each app bundles it (0.4 KiB) instead of a share loader for it.
  react: { singleton: true, requiredVersion: '^19.0.0', shareKey: 'react' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  // Named, so the remotes take it from the shell too (antd renders its pop-ups through it).
  'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
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

type ShareConfig = (typeof SHARED_SINGLETONS)[keyof typeof SHARED_SINGLETONS];

const everyShare = <T extends object>(extra: T): Record<string, ShareConfig & T> =>
  Object.fromEntries(Object.entries(SHARED_SINGLETONS).map(([name, config]) => [name, { ...config, ...extra }]));

/**
 * The shell's shares: it provides every singleton, bundled into its first chunk (`eager`). Every
 * page needs them all before it renders anything, so a share loader per library would only add
 * requests and glue; in one file they also compress together.
 */
export const SHELL_SHARED = everyShare({ eager: true });

/**
 * A built remote's shares: always the shell's, never bundled (`import: false`). A built remote
 * already needs the shell (it runs on the shell's federation runtime) and the shell provides
 * every singleton, so a remote's own copies would never load; without them the remote's share
 * glue is smaller too. A remote run alone in development (`vite dev`) keeps its own copies.
 */
export const REMOTE_BUILD_SHARED = everyShare({ import: false as const });

/**
 * How the guests' pages are minified: Terser first (three passes, property reads taken as free
 * of side effects, which holds for this code and the libraries it bundles), then the bundler's
 * own minifier over its output (`rolldownOptions.output.minify`). Together they take about
 * 1.2 KiB off the shell's first load on the wire, brotli, against the bundler's alone
 * (docs/performance-caching.md). Only the shell and the guests' remotes use it: the staff's app
 * keeps the quicker default, since its chunks are large and no phone budget counts them.
 */
export const GUEST_MINIFY = {
  minify: 'terser',
  terserOptions: { module: true, ecma: 2020, compress: { passes: 3, pure_getters: true }, format: { comments: false } },
} as const;

/** With GUEST_MINIFY, in `rolldownOptions.output`: the bundler's minifier, run after Terser. */
export const GUEST_MINIFY_OUTPUT = { minify: true } as const;

/** Resolve workspace packages to their TypeScript sources in every Vite build. */
export const SOURCE_CONDITIONS = ['source'];

/** The federation runtime and the modules the plugin generates around it, in the shell's build. */
const SHELL_FEDERATION_MODULES = /virtual:mf|@module-federation[\\/]/;

/** A chunking group as the federation plugin adds it to `rolldownOptions.output.codeSplitting.groups`. */
interface ChunkGroup {
  name?: unknown;
}
type ChunkName = (id: string, ...rest: unknown[]) => string | null | undefined;

/**
 * The shell's first chunk: the shared libraries (SHELL_SHARED, eager) and the federation runtime
 * with the modules the plugin generates around it (host init, pending shares, import maps, the
 * runtime published for the remotes) in one file, `loadShare-eager`. Every page loads them all
 * before anything else, and together they compress much better than apart: the plugin's glue
 * around each share repeats the runtime's code. One file instead of three (the bundler's runtime
 * helpers join too): 1.7 KiB less brotli on every page (docs/performance-caching.md).
 *
 * The plugin names its eager shares' chunk with a name function on a chunking group of its own,
 * which it keeps above every group a build adds. So this wraps that function, once the
 * configuration is resolved, to give the runtime's modules the same name; the plugin's share
 * loaders and Vite's preload helper keep the chunks the plugin gives them. If the plugin ever
 * stops adding that group, the build fails here rather than quietly splitting the runtime again.
 */
export function federationRuntimeWithEagerShares(): Plugin {
  return {
    name: 'festival:federation-runtime-with-eager-shares',
    apply: 'build',
    configResolved(config) {
      const output = (config.build.rolldownOptions as { output?: { codeSplitting?: { groups?: ChunkGroup[] } } }).output;
      const pluginGroup = output?.codeSplitting?.groups?.find((group) => typeof group.name === 'function');
      if (!pluginGroup) throw new Error('The federation plugin added no chunking group to name its eager shares in');
      const pluginName = pluginGroup.name as ChunkName;
      pluginGroup.name = (id: string, ...rest: unknown[]) =>
        pluginName(id, ...rest) ?? (SHELL_FEDERATION_MODULES.test(id) && !/__prebuild__|__loadShare__/.test(id) ? 'loadShare-eager' : null);
    },
  };
}

/**
 * The plugin writes the shell's entry bootstrap (`assets/mf-entry-bootstrap-*.js`: it waits for
 * the federation runtime's init, then imports the shell) as a file of its own, outside the
 * bundler's minifier, so it would travel with its comments and indentation. This minifies every
 * script a build emits as a file of its own with the same Terser options as the shell's chunks
 * (GUEST_MINIFY): 0.25 KiB less brotli on every page.
 */
export function minifiedScriptFiles(): Plugin {
  return {
    name: 'festival:minified-script-files',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.js')) continue;
          const { code } = await minify(String(file.source), GUEST_MINIFY.terserOptions);
          if (code === undefined) throw new Error(`Terser returned nothing for ${file.fileName}`);
          file.source = code;
        }
      },
    },
  };
}

/** What every remote's first chunk holds: the federation runtime's pieces and the plugin's glue. */
const FEDERATION_GLUE = /node_modules[\\/]@module-federation[\\/]|vite[\\/]preload-helper|virtual:mf/;

/**
 * The same first chunk for the guests' remotes, with what every one of their pages loads before
 * its own code: the languages' runtime (Lingui, the remote's language provider, the contracts'
 * language table) and React's JSX runtime.
 */
const GUEST_FIRST_CHUNK = new RegExp(
  `${FEDERATION_GLUE.source}|node_modules[\\\\/]@lingui[\\\\/]|web-kit[\\\\/]src[\\\\/]i18n[\\\\/]languages|contracts[\\\\/]src[\\\\/]languages|react[\\\\/]jsx-runtime|react-jsx-runtime`,
);

/**
 * A remote's Rolldown output options: one chunk (`federation`) for what every one of its pages
 * loads before its own code: the pieces of the federation runtime a remote still carries (its
 * entry's helpers) and the modules the plugin generates (import map, share glue); for the guests'
 * remotes (`guestPages`) the languages' runtime and React's JSX runtime too. They load together
 * on every page anyway, and as one file they compress together and cost one request instead of
 * four (0.7 KiB less on the party page's first load, 0.4 on the drinks menu's). The staff's app
 * keeps Lingui out of it: only its door sale's card form speaks through it, loaded with that
 * page. A built remote has no copies of the shared libraries (REMOTE_BUILD_SHARED), so where the
 * glue sits cannot change which copy it picks; the plugin keeps its share loaders
 * (`__loadShare__`) and Vite's preload helper in chunks of their own.
 */
export function remoteFederationChunking(guestPages: boolean) {
  return { codeSplitting: { groups: [{ name: 'federation', test: guestPages ? GUEST_FIRST_CHUNK : FEDERATION_GLUE }] } };
}

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
