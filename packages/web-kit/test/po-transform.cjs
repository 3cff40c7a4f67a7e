// Jest's transform for the `.po` message catalogues: the compiled catalogue, as a module.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = {
  process(_source, filename) {
    const code = execFileSync(process.execPath, [join(__dirname, 'compile-catalogue.mjs'), filename], { encoding: 'utf8' });
    return { code };
  },
};
