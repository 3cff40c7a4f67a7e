import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  GUEST_MINIFY,
  GUEST_MINIFY_OUTPUT,
  federationRuntimeVersionOnly,
  federationRuntimeWithEagerShares,
  minifiedScriptFiles,
  ROUTER_PRODUCTION_ALIASES,
  SHELL_SHARED,
  SOURCE_CONDITIONS,
} from '../federation.shared.ts';
import { linguiPlugins } from '../lingui.vite.ts';
import { precompress } from '../scripts/precompress.mjs';

export default defineConfig({
  plugins: [
    federationRuntimeVersionOnly(),
    // Lingui for the 404 page (its macros and catalogue), the only part of the shell with words to translate.
    ...linguiPlugins(),
    react(),
    federation({
      name: 'shell',
      // Remote URLs come at run time from /remotes.json; none is baked into the build.
      remotes: {},
      shared: SHELL_SHARED,
      dts: false,
      // One federation runtime for the page, published for the remotes (built with externalRuntime).
      experiments: { provideExternalRuntime: true },
      // Remotes are plain remoteEntry.js URLs: no manifest snapshots, preloading or devtools.
      disableSnapshot: true,
    }),
    // The shared libraries and the federation runtime in one first chunk (federation.shared.ts).
    federationRuntimeWithEagerShares(),
    // The plugin's entry bootstrap, minified as the chunks are.
    minifiedScriptFiles(),
    // Brotli and gzip copies of the text files, sent by Accept-Encoding (scripts/precompress.mjs).
    precompress(),
  ],
  resolve: { conditions: SOURCE_CONDITIONS, alias: ROUTER_PRODUCTION_ALIASES },
  build: {
    target: 'es2022',
    ...GUEST_MINIFY,
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the site supports knows modulepreload; the polyfill would load on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: GUEST_MINIFY_OUTPUT },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/remotes.json': 'http://localhost:8080', '/remotes': 'http://localhost:8080' },
  },
});
