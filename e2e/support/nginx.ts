import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REMOTES_MANIFEST } from '../../packages/contracts/src/remotes';
import { localNginxConfig as localNginxConfigOf } from '@festival/test-kit';
import { ROOT } from './environment';

/** The project's nginx.conf, pointed at this machine's API, builds and working folder. */
export function localNginxConfig(workDir: string, listenPort: number, apiPort: number): string {
  return localNginxConfigOf(readFileSync(join(ROOT, 'nginx.conf'), 'utf8'), {
    workDir,
    documentRoot: join(workDir, 'html'),
    listenPort,
    apiPorts: [apiPort],
  });
}

/** Lays out the builds the way the production image does: the shell at the root, remotes below. */
export function assembleDocumentRoot(workDir: string): string {
  const html = join(workDir, 'html');
  mkdirSync(join(html, 'remotes'), { recursive: true });
  const shellDist = join(ROOT, 'shell', 'dist');
  for (const entry of readdirSync(shellDist)) symlinkSync(join(shellDist, entry), join(html, entry));
  for (const remote of ['public-site', 'drinks-app', 'admin-app']) {
    symlinkSync(join(ROOT, remote, 'dist'), join(html, 'remotes', remote));
  }
  writeFileSync(join(html, 'remotes.json'), JSON.stringify(DEFAULT_REMOTES_MANIFEST, null, 2));
  return html;
}
