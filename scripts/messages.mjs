// The guest pages' message catalogues (docs/languages.md).
//   node scripts/messages.mjs           writes the messages the code marks into the catalogues
//                                       (`lingui extract --clean`): new ones added, gone ones removed.
//   node scripts/messages.mjs --check   (npm run lint) fails when the catalogues are not what the
//                                       code marks, or when a message has no Hindi or Tamil text.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { mustRun, ROOT, run } from './lib.mjs';

const LINGUI = join(ROOT, 'node_modules/.bin/lingui');
const config = getConfig({ cwd: ROOT });
const catalogueFiles = (catalog) => config.locales.map((locale) => `${catalog.path.replace('{locale}', locale)}.po`);

async function check() {
  const problems = [];
  // Extract into a copy of the catalogues and compare: the repository's must already be that.
  const scratch = mkdtempSync(join(tmpdir(), 'festival-messages-'));
  try {
    const copy = (path) => join(scratch, relative(ROOT, path));
    for (const catalog of config.catalogs) {
      for (const file of catalogueFiles(catalog)) {
        mkdirSync(dirname(copy(file)), { recursive: true });
        cpSync(file, copy(file));
      }
    }
    const scratchConfig = join(scratch, 'lingui.config.mjs');
    writeFileSync(
      scratchConfig,
      [
        `import base from ${JSON.stringify(pathToFileURL(join(ROOT, 'lingui.config.js')).href)};`,
        `export default { ...base, rootDir: ${JSON.stringify(ROOT)}, catalogs: base.catalogs.map((c) => ({ ...c, path: c.path.replace('<rootDir>', ${JSON.stringify(scratch)}) })) };`,
        '',
      ].join('\n'),
    );
    if ((await run(LINGUI, ['extract', '--clean', '--config', scratchConfig], { cwd: ROOT, stdio: 'ignore' })) !== 0) {
      problems.push('lingui extract failed: run `node scripts/messages.mjs` to see why');
    }
    for (const catalog of config.catalogs) {
      for (const file of catalogueFiles(catalog)) {
        if (readFileSync(file, 'utf8') !== readFileSync(copy(file), 'utf8')) {
          problems.push(`${relative(ROOT, file)} is not what the code marks: run \`node scripts/messages.mjs\` and translate what it adds`);
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // Every message in every language.
  for (const catalog of await getCatalogs(config)) {
    for (const locale of config.locales.filter((l) => l !== config.sourceLocale)) {
      const { missing } = await catalog.getTranslations(locale, { fallbackLocales: {}, sourceLocale: config.sourceLocale });
      for (const { id, source } of missing) {
        problems.push(`${relative(ROOT, catalog.path.replace('{locale}', locale))}.po: no ${locale} text for "${source ?? id}"`);
      }
    }
  }
  if (problems.length > 0) {
    console.error(`The message catalogues (docs/languages.md):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('The message catalogues hold every message the code marks, in every language.');
}

if (process.argv.includes('--check')) await check();
else await mustRun(LINGUI, ['extract', '--clean'], { cwd: ROOT });
