// Prints one PO catalogue compiled to a CommonJS module, as the Vite builds compile it
// (lingui.vite.ts): the Jest transform in po-transform.cjs runs it, since Lingui's API is async.
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { relative } from 'node:path';

const file = process.argv[2];
const config = getConfig({ cwd: new URL('../../..', import.meta.url).pathname });
const found = getCatalogForFile(relative(config.rootDir, file), await getCatalogs(config));
if (!found) throw new Error(`${file} is no catalogue of lingui.config.js`);
const { messages } = await found.catalog.getTranslations(found.locale, {
  fallbackLocales: config.fallbackLocales,
  sourceLocale: config.sourceLocale,
});
const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: 'cjs' });
if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => `${e.id}: ${e.error.message}`).join('; ')}`);
process.stdout.write(source);
