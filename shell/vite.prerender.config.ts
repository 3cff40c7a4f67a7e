import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ROUTER_PRODUCTION_ALIASES, SOURCE_CONDITIONS } from '../federation.shared.ts';
import { linguiPlugins } from '../lingui.vite.ts';

/**
 * The pre-render build: the shell's page and the public-site remote as one Node module
 * (dist-prerender/render.js) with React and every library bundled in, so the build script and
 * the API can load it without the frontends' node_modules. CSS imports are left out; the
 * browser build's stylesheets are linked instead.
 */
export default defineConfig({
  plugins: [...linguiPlugins(), react()],
  publicDir: false,
  resolve: { conditions: SOURCE_CONDITIONS, alias: ROUTER_PRODUCTION_ALIASES },
  ssr: { noExternal: true, resolve: { conditions: SOURCE_CONDITIONS } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/prerender/render.tsx',
    target: 'node20',
    outDir: 'dist-prerender',
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'render.js', codeSplitting: false } },
  },
});
