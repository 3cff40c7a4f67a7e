// Type-checks every workspace with its own tsconfig, and the other top-level folders that have
// one (deploy/).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT, run, workspaces } from './lib.mjs';

const hasTsconfig = (dir) => existsSync(join(ROOT, dir, 'tsconfig.json'));
const PROJECTS = [...new Set([...workspaces().map((w) => w.dir), ...readdirSync(ROOT)])].filter(hasTsconfig);

let failed = 0;
for (const project of PROJECTS) {
  log(`tsc ${project}`);
  if ((await run('npx', ['tsc', '--noEmit', '-p', `${project}/tsconfig.json`])) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
