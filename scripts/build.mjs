// Builds everything that runs: the contracts, the API, the shell and the three remotes.
import { pathToFileURL } from 'node:url';
import { log, mustRun } from './lib.mjs';

export const FRONTENDS = ['shell', 'public-site', 'drinks-app', 'admin-app'];

export async function build() {
  log('contracts');
  await mustRun('npx', ['tsc', '-p', 'packages/contracts/tsconfig.build.json']);
  log('api');
  await mustRun('npx', ['tsc', '-p', 'api/tsconfig.build.json']);
  for (const app of FRONTENDS) {
    log(app);
    await mustRun('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: new URL(`../${app}/`, import.meta.url) });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build();
}
