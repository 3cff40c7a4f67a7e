// Writes the compressed copies the servers send instead of the files themselves: `<file>.br`
// (brotli at its highest quality) and `<file>.gz` (gzip at level 9) beside every text file of a
// build above MIN_BYTES. The embedded server (api/src/web/frontends.ts) and nginx
// (gzip_static, brotli_static) pick one by the browser's Accept-Encoding, so nothing is
// compressed per request. Used by the shell's and the remotes' Vite builds (the `precompress`
// plugin below) and by scripts/prerender.mjs for the pages it writes after them.
// See docs/performance-caching.md.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files worth compressing: scripts, stylesheets, pages, images in SVG, JSON, manifests, text. */
export const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a request's headers weigh. */
export const MIN_BYTES = 512;

/**
 * Writes `<file>.br` and `<file>.gz` beside one file (each only when smaller than the file), or
 * removes stale copies of a file now too small or not compressible. Returns the sizes.
 * @param {string} file
 */
export async function precompressFile(file) {
  const body = await readFile(file);
  const copies = /** @type {const} */ ([
    [
      '.br',
      () =>
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
    ],
    ['.gz', () => gzipAsync(body, { level: 9 })],
  ]);
  /** @type {{ file: string, raw: number, br?: number, gz?: number }} */
  const sizes = { file, raw: body.length };
  for (const [ext, compress] of copies) {
    const compressed = COMPRESSIBLE.test(file) && body.length > MIN_BYTES ? await compress() : undefined;
    if (compressed && compressed.length < body.length) {
      await writeFile(file + ext, compressed);
      sizes[ext === '.br' ? 'br' : 'gz'] = compressed.length;
    } else {
      await rm(file + ext, { force: true });
    }
  }
  return sizes;
}

/**
 * Compresses every text file under a folder (see precompressFile).
 * @param {string} dir
 */
export async function precompressTree(dir) {
  /** @type {string[]} */
  const files = [];
  const walk = async (/** @type {string} */ folder) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (COMPRESSIBLE.test(entry.name) && (await stat(full)).isFile()) files.push(full);
    }
  };
  await walk(dir);
  return Promise.all(files.map(precompressFile));
}

/**
 * The Vite plugin: once a build has written its output folder (the bundles, the federation
 * manifest, the public folder's files), compresses its text files.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = '';
  let failed = false;
  return {
    name: 'festival-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // A failed build ends in closeBundle too, with no output folder: it is left to report its own
    // error (an error here would be reported instead of it).
    buildStart() {
      failed = false;
    },
    buildEnd(error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!failed) await precompressTree(outDir);
      },
    },
  };
}
