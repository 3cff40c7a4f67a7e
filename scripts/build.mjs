// Builds everything that runs (the workspaces of package.json with a build script: the
// contracts, the API, the shell and the three remotes), then pre-renders the pages
// SITE_ROUTES marks pre-rendered (scripts/prerender.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtWorkspaces, isViteBuilt, log, mustRun, ROOT } from './lib.mjs';
import { prerender } from './prerender.mjs';

export async function build() {
  // Every workspace with a build script, in package.json's order: first those built by their
  // own script (the contracts, the API), then the frontends Vite builds (the shell, the remotes).
  const built = builtWorkspaces();
  for (const w of [...built.filter((w) => !isViteBuilt(w)), ...built.filter(isViteBuilt)]) {
    log(w.dir);
    await mustRun('npm', ['run', 'build', '--silent', ...(isViteBuilt(w) ? ['--', '--logLevel', 'warn'] : [])], { cwd: join(ROOT, w.dir) });
  }
  log('pre-render');
  await mustRun('npx', ['vite', 'build', '-c', 'vite.prerender.config.ts', '--logLevel', 'warn'], {
    cwd: new URL('../shell/', import.meta.url),
  });
  await prerender();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build();
}
