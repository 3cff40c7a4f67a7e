// Builds everything that runs: the contracts, the API, the shell and the three remotes, then
// pre-renders the landing and party pages (scripts/prerender.mjs).
import { pathToFileURL } from 'node:url';
import { log, mustRun } from './lib.mjs';
import { prerender } from './prerender.mjs';

export const FRONTENDS = ['shell', 'public-site', 'drinks-app', 'admin-app'];

export async function build() {
  log('contracts');
  await mustRun('npx', ['tsc', '-p', 'packages/contracts/tsconfig.build.json']);
  log('api');
  await mustRun('npx', ['tsc', '-p', 'api/tsconfig.build.json']);
  log('test-kit');
  await mustRun('npx', ['tsc', '-p', 'packages/test-kit/tsconfig.build.json']);
  for (const app of FRONTENDS) {
    log(app);
    await mustRun('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: new URL(`../${app}/`, import.meta.url) });
  }
  log('pre-render');
  await mustRun('npx', ['vite', 'build', '-c', 'vite.prerender.config.ts', '--logLevel', 'warn'], { cwd: new URL('../shell/', import.meta.url) });
  await prerender();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build();
}
