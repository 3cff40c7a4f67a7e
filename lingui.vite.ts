import { transformAsync } from '@babel/core';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Lingui in a Vite build (docs/languages.md): its macros (`t`, `<Trans>`, `plural`) become
 * message lookups, through Babel and only in the files that import them, before the usual
 * TypeScript and JSX transform; and a `.po` catalogue imported by the code is compiled.
 */
export function linguiPlugins(): Plugin[] {
  const macros: Plugin = {
    name: 'festival-lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: /\.tsx?$/, code: MACRO_IMPORT },
      async handler(code, id) {
        if (id.includes('/node_modules/')) return null;
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code ? { code: result.code, map: result.map } : null;
      },
    },
  };
  // Lingui's own guard against an uncompiled macro import is left out: Module Federation resolves
  // the exposed module's imports from its source before any transform, macros included.
  const catalogues = lingui({ cwd: import.meta.dirname, failOnCompileError: true }).filter((p) => p.name === 'vite-plugin-lingui');
  return [macros, ...catalogues];
}
