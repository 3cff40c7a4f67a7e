// Finds the Chromium the e2e suite drives: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// installed with apt-get when missing and we are root.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { log, run } from './lib.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export async function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH points at ${path}, which does not exist.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log("Chromium is missing: installing Debian's chromium with apt-get…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) === 0 &&
      existsSync(path)
    ) {
      return path;
    }
  }
  throw new Error('Chromium not found: install it with `apt-get install -y chromium` (as root) or set CHROMIUM_PATH.');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(await ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
