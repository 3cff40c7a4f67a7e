// Jest's transform for the browser code: @swc/jest, after Lingui's macros (`t`, `<Trans>`) are
// compiled to message lookups by the same Babel plugin the Vite builds run (lingui.vite.ts), so
// the specs look messages up by the very ids the catalogues hold.
const { transformSync } = require('@babel/core');
const swcJest = require('@swc/jest');

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

function compileMacros(source, filename) {
  if (!MACRO_IMPORT.test(source)) return source;
  return transformSync(source, {
    filename,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  }).code;
}

module.exports = {
  createTransformer(swcOptions) {
    const swc = swcJest.createTransformer(swcOptions);
    return {
      process: (source, filename, options) => swc.process(compileMacros(source, filename), filename, options),
      getCacheKey: (source, filename, options) => `lingui-macros-1:${swc.getCacheKey(source, filename, options)}`,
    };
  },
};
