import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import type { Express, Request, RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Logger } from 'pino';
import {
  DEFAULT_REMOTES_MANIFEST,
  findSiteRoute,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  languageOfPath,
  parseRemotesManifest,
  pathInLanguage,
  requestLanguage,
  type RemotesManifest,
  type SiteConfig,
} from '@festival/contracts';
import { siteOrigin, type PageHtml } from './landing-head.js';
import { loadPrerenderedPages, type PageQuery } from './prerendered-pages.js';

/** Folders of the three remotes, as served under /remotes/<folder>/. */
export const REMOTE_FOLDERS = ['public-site', 'drinks-app', 'admin-app'] as const;

/** Hashed build assets never change; entries, manifests and HTML must be revalidated. */
function setCacheHeaders(res: Pick<ServerResponse, 'setHeader'>, filePath: string): void {
  if (/[/\\]assets[/\\]/.test(filePath) && !/remoteEntry|mf-manifest/.test(filePath)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

/**
 * A build folder served with its pre-compressed copies (scripts/precompress.mjs writes
 * `<file>.br` and `<file>.gz` beside every text file): brotli when the browser accepts it,
 * else gzip, else the file itself, with the file's own Content-Type, `Vary: Accept-Encoding`
 * and the copy's length. Files without copies (images, fonts, small files) go as they are.
 */
export function serveBuild(root: string, options: { fallthrough?: boolean } = {}): RequestHandler {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, fallthrough: options.fallthrough ?? true, setHeaders: setCacheHeaders },
  }) as RequestHandler;
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
 * The current site configuration, once the application's services exist. The pre-rendered
 * pages are rendered again with it; until it is set, their build-time HTML goes.
 */
export interface SiteConfigSource {
  get?: () => Promise<SiteConfig>;
  /** The page's own queries' current answers (`/privacy`: the privacy policy), when it has any. */
  pageQueries?: (path: string) => Promise<PageQuery[]>;
  /** The site's public address (PUBLIC_URL) the pages' `hreflang` links name; else the request's own. */
  publicUrl?: string;
}

/**
 * The embedded mode serves the built shell and remotes from the API process (nginx does it in
 * production): `/remotes.json`, `/remotes/<name>/...`, the shell's assets, the landing and
 * party pages pre-rendered (rendered again with the current site configuration), and the
 * shell's index.html for every other path: status 200 for the pages of the site's route table
 * (SITE_ROUTES), 404 for any other, where the shell shows its 404 page.
 */
export function mountFrontends(
  app: Express,
  staticRoot: string,
  manifestPath: string | undefined,
  pages: PageHtmlRegistry = new Map(),
  logger?: Logger,
  siteConfig: SiteConfigSource = {},
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
    app.use(`/remotes/${folder}`, serveBuild(join(staticRoot, folder, 'dist'), { fallthrough: false }));
  }
  // The pre-rendered pages are served at their routes below, not at their file names.
  app.use('/prerendered', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(serveBuild(shellDist));

  const indexHtml = readFileSync(indexFile, 'utf8');
  const prerendered = loadPrerenderedPages(staticRoot, manifest);
  /** The page's HTML before its head is completed: pre-rendered with the current configuration where it can be. */
  const baseHtml = async (req: Request): Promise<string> => {
    const { path } = req;
    const built = prerendered?.html.get(path);
    if (!prerendered || built === undefined) return indexHtml;
    if (!siteConfig.get) return built;
    try {
      const queries = (await siteConfig.pageQueries?.(path)) ?? [];
      return (await prerendered.render(path, await siteConfig.get(), queries, siteOrigin(req, siteConfig.publicUrl))) ?? built;
    } catch (error) {
      logger?.warn({ err: error, path }, 'page not rendered with the current configuration; serving the build-time HTML');
      return built;
    }
  };
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) {
      next();
      return;
    }
    if (extname(req.path) !== '') {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    // A translated page asked for in English goes to the guest's language: the one they chose
    // (the switch's `?lang=` link, then the `lang` cookie it sets), else the first of ours their
    // browser asks for (docs/languages.md).
    const route = findSiteRoute(req.path);
    if (route?.translated) {
      res.setHeader('Vary', 'Accept-Language, Cookie');
      const query = new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '');
      const chosen = query.get('lang');
      query.delete('lang');
      const rest = query.size > 0 ? `?${query.toString()}` : '';
      if (isLanguage(chosen)) {
        res.append('Set-Cookie', `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`);
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(302, `${pathInLanguage(req.path, chosen)}${rest}`);
        return;
      }
      const language = requestLanguage(req.headers.cookie, req.headers['accept-language']);
      if (languageOfPath(req.path) === 'en' && language && language !== 'en') {
        res.setHeader('Cache-Control', 'no-cache');
        res.redirect(302, `${pathInLanguage(req.path, language)}${rest}`);
        return;
      }
    }
    const send = (html: string) => {
      res.status(findSiteRoute(req.path) ? 200 : 404);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    };
    void baseHtml(req).then(async (base) => {
      const page = pages.get(req.path);
      if (!page) {
        send(base);
        return;
      }
      try {
        send((await page(req, base)) ?? base);
      } catch (error) {
        logger?.warn({ err: error, path: req.path }, 'page head not rendered; serving the page without it');
        send(base);
      }
    });
  });
}
