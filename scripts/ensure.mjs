// Makes a fresh or stale checkout runnable: installs dependencies when package files changed
// and builds when any source changed. `npm start`, `npm test` and the other scripts call it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildInputWorkspaces, hashInputs, log, mustRun, readStamp, ROOT, workspaces } from './lib.mjs';

const INSTALL_STAMP = join(ROOT, 'node_modules', '.festival-install-stamp');
const BUILD_STAMP = join(ROOT, '.build-stamp');

/** Everything a build reads: the shared files and the workspaces it builds or they depend on. */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
  'federation.shared.ts',
  'remote.vite.ts',
  'lingui.config.js',
  'lingui.vite.ts',
  'indic-fonts.vite.ts',
  'scripts/build.mjs',
  'scripts/lib.mjs',
  'scripts/prerender.mjs',
  'shell/vite.prerender.config.ts',
  ...buildInputWorkspaces().flatMap(({ dir: w }) => [
    `${w}/src`,
    `${w}/public`,
    `${w}/index.html`,
    `${w}/package.json`,
    `${w}/vite.config.ts`,
    `${w}/tsconfig.json`,
    `${w}/tsconfig.build.json`,
  ]),
];

export async function ensureInstalled() {
  const wanted = hashInputs(['package.json', 'package-lock.json', ...workspaces().map((w) => `${w.dir}/package.json`)]);
  if (readStamp(INSTALL_STAMP) === wanted) return;
  // `npm install`, not `npm ci`: the lock file records only this platform's optional native
  // packages, which `npm ci` rejects as out of sync. With an up-to-date lock it changes nothing.
  log('Installing dependencies…');
  await mustRun('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(INSTALL_STAMP, wanted);
}

export async function ensureBuilt() {
  const wanted = hashInputs(BUILD_INPUTS);
  if (readStamp(BUILD_STAMP) === wanted) return;
  log('Building the shell, the remotes and the API…');
  const { build } = await import('./build.mjs');
  await build();
  writeFileSync(BUILD_STAMP, wanted);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureInstalled();
  await ensureBuilt();
}
