import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REMOTES_MANIFEST } from '../../packages/contracts/src/remotes';
import {
  assembleDocumentRoot as assembleDocumentRootIn,
  localNginxConfig as localNginxConfigOf,
  localNginxModules,
} from '@festival/test-kit';
import { ROOT } from './environment';

/**
 * The project's nginx.conf, pointed at this machine's API, builds and working folder, with the
 * brotli snippet of the web image (deploy/nginx) where this nginx has its module.
 */
export function localNginxConfig(workDir: string, listenPort: number, apiPort: number): string {
  return localNginxConfigOf(readFileSync(join(ROOT, 'nginx.conf'), 'utf8'), {
    workDir,
    documentRoot: join(workDir, 'html'),
    listenPort,
    apiPorts: [apiPort],
    ...localNginxModules(workDir, join(ROOT, 'deploy', 'nginx')),
  });
}

/** Lays out the builds the way the production image does: the shell at the root, remotes below. */
export const assembleDocumentRoot = (workDir: string): string =>
  assembleDocumentRootIn(ROOT, join(workDir, 'html'), DEFAULT_REMOTES_MANIFEST);
