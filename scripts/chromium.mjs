// Finds the Debian programs the tests drive: Chromium (CHROMIUM_PATH, else /usr/bin/chromium)
// and ffmpeg (FFMPEG_PATH, else /usr/bin/ffmpeg; it makes the fake camera's video of a ticket's
// QR code) for the e2e suite, and redis-server (REDIS_SERVER_PATH, else /usr/bin/redis-server)
// for the limits shared through Redis; each installed with apt-get when missing and we are root.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { log, run } from './lib.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const DEFAULT_FFMPEG = '/usr/bin/ffmpeg';

async function ensureDebianProgram({ name, pkg, envVar, defaultPath }) {
  const path = process.env[envVar] || defaultPath;
  if (existsSync(path)) return path;
  if (process.env[envVar]) throw new Error(`${envVar} points at ${path}, which does not exist.`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log(`${name} is missing: installing Debian's ${pkg} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', pkg], { env })) === 0 &&
      existsSync(path)
    ) {
      return path;
    }
  }
  throw new Error(`${name} not found: install it with \`apt-get install -y ${pkg}\` (as root) or set ${envVar}.`);
}

export const ensureChromium = () =>
  ensureDebianProgram({ name: 'Chromium', pkg: 'chromium', envVar: 'CHROMIUM_PATH', defaultPath: DEFAULT_CHROMIUM });

export const ensureFfmpeg = () =>
  ensureDebianProgram({ name: 'ffmpeg', pkg: 'ffmpeg', envVar: 'FFMPEG_PATH', defaultPath: DEFAULT_FFMPEG });

export const ensureRedisServer = () =>
  ensureDebianProgram({ name: 'redis-server', pkg: 'redis-server', envVar: 'REDIS_SERVER_PATH', defaultPath: '/usr/bin/redis-server' });

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(await ensureChromium());
    console.log(await ensureFfmpeg());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
