import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type Express, type Response } from 'express';
import type { Logger } from 'pino';
import { DEFAULT_REMOTES_MANIFEST, parseRemotesManifest, type RemotesManifest } from '@festival/contracts';
import type { PageHtml } from './landing-head.js';

/** Folders of the three remotes, as served under /remotes/<folder>/. */
export const REMOTE_FOLDERS = ['public-site', 'drinks-app', 'admin-app'] as const;

/** Paths the shell routes to a remote; everything else is the shell's 404 page. */
export function isAppRoute(path: string): boolean {
  return (
    path === '/' ||
    path === '/diwali-party' ||
    path === '/drinks' ||
    path.startsWith('/drinks/') ||
    path === '/admin' ||
    path.startsWith('/admin/')
  );
}

/** Hashed build assets never change; entries, manifests and HTML must be revalidated. */
function setCacheHeaders(res: Response, filePath: string): void {
  if (/[/\\]assets[/\\]/.test(filePath) && !/remoteEntry|mf-manifest/.test(filePath)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

export function readRemotesManifest(manifestPath: string | undefined): RemotesManifest {
  if (!manifestPath) return DEFAULT_REMOTES_MANIFEST;
  return parseRemotesManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
}

/**
 * Pages whose HTML the server completes (the landing page's SEO tags), by path. Filled in once
 * the application's services exist; until then, and on any failure, the plain index.html goes.
 */
export type PageHtmlRegistry = Map<string, PageHtml>;

/**
 * The embedded mode serves the built shell and remotes from the API process (nginx does it in
 * production): `/remotes.json`, `/remotes/<name>/...`, the shell's assets, and the shell's
 * index.html for every app route (404 status for paths the shell does not know).
 */
export function mountFrontends(
  app: Express,
  staticRoot: string,
  manifestPath: string | undefined,
  pages: PageHtmlRegistry = new Map(),
  logger?: Logger,
): void {
  const shellDist = join(staticRoot, 'shell', 'dist');
  const indexFile = join(shellDist, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The shell is not built: ${indexFile} is missing (run npm run build)`);
  }
  const manifest = readRemotesManifest(manifestPath);

  app.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(manifest);
  });
  for (const folder of REMOTE_FOLDERS) {
    app.use(
      `/remotes/${folder}`,
      express.static(join(staticRoot, folder, 'dist'), { index: false, fallthrough: false, setHeaders: setCacheHeaders }),
    );
  }
  app.use(express.static(shellDist, { index: false, setHeaders: setCacheHeaders }));

  const indexHtml = readFileSync(indexFile, 'utf8');
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      next();
      return;
    }
    if (extname(req.path) !== '') {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const send = (html: string) => {
      res.status(isAppRoute(req.path) ? 200 : 404);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    };
    const page = pages.get(req.path);
    if (!page) {
      send(indexHtml);
      return;
    }
    page(req, indexHtml).then(
      (html) => send(html ?? indexHtml),
      (error: unknown) => {
        logger?.warn({ err: error, path: req.path }, 'page head not rendered; serving the plain shell');
        send(indexHtml);
      },
    );
  });
}
