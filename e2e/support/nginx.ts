import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REMOTES_MANIFEST } from '../../packages/contracts/src/remotes';
import {
  assembleDocumentRoot as assembleDocumentRootIn,
  localCertificate,
  localNginxConfig as localNginxConfigOf,
  localNginxModules,
  type LocalCertificate,
} from '@festival/test-kit';
import { ROOT } from './environment';

/**
 * The project's nginx.conf, pointed at this machine's API, builds and working folder: HTTPS on
 * `listenPort` with a self-signed certificate made now in `<workDir>/certs` (returned with the
 * configuration), the redirecting plain-HTTP server on `redirectPort`, and the brotli snippet of
 * the web image (deploy/nginx) where this nginx has its module.
 */
export function localNginxConfig(
  workDir: string,
  listenPort: number,
  redirectPort: number,
  apiPort: number,
): { conf: string; certificate: LocalCertificate } {
  const certificate = localCertificate(workDir);
  const conf = localNginxConfigOf(readFileSync(join(ROOT, 'nginx.conf'), 'utf8'), {
    workDir,
    documentRoot: join(workDir, 'html'),
    listenPort,
    redirectPort,
    certificateDir: certificate.dir,
    apiPorts: [apiPort],
    ...localNginxModules(workDir, join(ROOT, 'deploy', 'nginx')),
  });
  return { conf, certificate };
}

/** Lays out the builds the way the production image does: the shell at the root, remotes below. */
export const assembleDocumentRoot = (workDir: string): string =>
  assembleDocumentRootIn(ROOT, join(workDir, 'html'), DEFAULT_REMOTES_MANIFEST);
