import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfigFnObject } from 'vite';
import {
  GUEST_MINIFY,
  GUEST_MINIFY_OUTPUT,
  REMOTE_BUILD_SHARED,
  remoteFederationChunking,
  ROUTER_PRODUCTION_ALIASES,
  SHARED_SINGLETONS,
  SOURCE_CONDITIONS,
} from './federation.shared.ts';
import { precompress } from './scripts/precompress.mjs';
import { indicFonts } from './indic-fonts.vite.ts';
import { linguiPlugins } from './lingui.vite.ts';

interface RemoteOptions {
  /** Federation name, as listed in /remotes.json. */
  name: string;
  /** Dev server port of the remote when its team runs it standalone. */
  port: number;
  /**
   * Whether it serves the guests' pages. Those speak the guests' languages, and so use the Hindi
   * and Tamil web fonts (indic-fonts.vite.ts writes them as its build starts), and phones load
   * them, so they are minified for bytes (GUEST_MINIFY). The staff's app speaks English only.
   */
  guestPages?: boolean;
}

/**
 * The Vite configuration every remote uses: exposes `./App`, shares the singletons, emits
 * `remoteEntry.js` and `mf-manifest.json`, and builds with a relative base so one build can
 * be served under any path. The build also writes each text file's brotli and gzip copies
 * (scripts/precompress.mjs), which the servers send by the browser's Accept-Encoding.
 */
/** The module a remote exposes to the shell as `./App`. */
const APP_MODULE = './src/app/app.tsx';

export function defineRemoteConfig({ name, port, guestPages = false }: RemoteOptions): UserConfigFnObject {
  return defineConfig(({ command }) => ({
    base: './',
    plugins: [
      ...linguiPlugins(),
      ...(guestPages ? [indicFonts()] : []),
      react(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes: { './App': APP_MODULE },
        shared: command === 'build' ? REMOTE_BUILD_SHARED : SHARED_SINGLETONS,
        manifest: true,
        dts: false,
        // Built remotes use the shell's federation runtime instead of carrying a copy each
        // (a remote build needs a shell that provides it). Standalone dev keeps its own.
        experiments: command === 'build' ? { externalRuntime: true } : undefined,
        // A remote consumes no other remote.
        disableRemote: true,
      }),
      precompress(),
    ],
    resolve: { conditions: SOURCE_CONDITIONS, alias: ROUTER_PRODUCTION_ALIASES },
    build: {
      target: 'es2022',
      ...(guestPages ? GUEST_MINIFY : {}),
      // Fonts stay files, fetched only by a page that uses them (never inlined into a stylesheet).
      assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
      outDir: process.env.REMOTE_OUT_DIR ?? 'dist',
      emptyOutDir: true,
      // The build's one entry is the exposed App (beside the remoteEntry the plugin adds). The
      // remote's index.html mounts it alone for `vite dev` only: a built remote runs on the
      // shell's runtime and libraries, so a built standalone page could not start, and as an
      // entry it put its own share glue (react-dom/client) into the chunk every page loads.
      rolldownOptions: {
        input: { app: APP_MODULE },
        output: { ...remoteFederationChunking(guestPages), ...(guestPages ? GUEST_MINIFY_OUTPUT : {}) },
      },
    },
    server: { port, strictPort: true, proxy: { '/api': 'http://localhost:8080' } },
    preview: { port },
  }));
}
