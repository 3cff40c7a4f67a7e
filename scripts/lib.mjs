// Shared helpers of the project's scripts: run a command, hash inputs, keep stamps.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command and throws when it fails. */
export async function mustRun(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

const SKIP = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report', '.git']);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('dist-')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** A hash over files and folders (recursively), by path and content. */
export function hashInputs(paths) {
  const hash = createHash('sha256');
  for (const p of paths) {
    const full = join(ROOT, p);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory() ? [...walk(full)].sort() : [full];
    for (const file of files) {
      hash.update(relative(ROOT, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function readStamp(path) {
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : '';
}

export const log = (message) => console.log(`\x1b[36m›\x1b[0m ${message}`);

/** The npm workspaces, as the root package.json lists them (in its order): folder and package.json. */
export function workspaces() {
  const { workspaces: dirs } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return dirs.map((dir) => {
    if (/[*?{]/.test(dir)) throw new Error(`package.json: the scripts read plain workspace folders, not patterns (${dir})`);
    return { dir, pkg: JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) };
  });
}

/** The workspaces a build makes (those with a `build` script), in package.json's order. */
export const builtWorkspaces = () => workspaces().filter((w) => w.pkg.scripts?.build);

/** The workspaces a build reads: those it makes and every workspace they depend on. */
export function buildInputWorkspaces() {
  const all = workspaces();
  const byName = new Map(all.map((w) => [w.pkg.name, w]));
  const wanted = new Set();
  const visit = (w) => {
    if (wanted.has(w.dir)) return;
    wanted.add(w.dir);
    for (const name of Object.keys({ ...w.pkg.dependencies, ...w.pkg.devDependencies })) {
      if (byName.has(name)) visit(byName.get(name));
    }
  };
  builtWorkspaces().forEach(visit);
  return all.filter((w) => wanted.has(w.dir));
}

/** A workspace built by Vite (the shell and the remotes) rather than by its own tsc. */
export const isViteBuilt = (w) => existsSync(join(ROOT, w.dir, 'vite.config.ts'));
