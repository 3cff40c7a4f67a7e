// Type-checks every workspace with its own tsconfig.
import { log, run } from './lib.mjs';

const PROJECTS = [
  'packages/contracts',
  'packages/router',
  'packages/query',
  'packages/web-kit',
  'packages/test-kit',
  'shell',
  'public-site',
  'drinks-app',
  'admin-app',
  'api',
  'e2e',
  'deploy',
  'bench',
];

let failed = 0;
for (const project of PROJECTS) {
  log(`tsc ${project}`);
  if ((await run('npx', ['tsc', '--noEmit', '-p', `${project}/tsconfig.json`])) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
