import { LANGUAGES, pathInLanguage, SOURCE_LANGUAGE, type Language } from './languages.js';

/** The three remotes the shell composes, by their federation names. */
export const REMOTE_NAMES = ['public_site', 'drinks_app', 'admin_app'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The runtime manifest served at `/remotes.json`: for each remote, the URL of its
 * `remoteEntry.js`. Editing one entry redeploys one remote without rebuilding the shell.
 */
export type RemotesManifest = Record<RemoteName, string>;

export const DEFAULT_REMOTES_MANIFEST: RemotesManifest = {
  public_site: '/remotes/public-site/remoteEntry.js',
  drinks_app: '/remotes/drinks-app/remoteEntry.js',
  admin_app: '/remotes/admin-app/remoteEntry.js',
};

/**
 * Checks a parsed `/remotes.json`. Written without zod on purpose: the shell runs it on every
 * page, and a schema library would double the shell's own code.
 */
export function parseRemotesManifest(value: unknown): RemotesManifest {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('The remotes manifest must be a JSON object');
  }
  const record = value as Record<string, unknown>;
  const problems = REMOTE_NAMES.filter((name) => typeof record[name] !== 'string' || (record[name] as string).length === 0);
  if (problems.length > 0) throw new Error(`The remotes manifest has no URL for ${problems.join(', ')}`);
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, record[name]])) as RemotesManifest;
}

/** A page of the site (or a remote's pages below one path) and the remote that draws it. */
export interface SiteRoute {
  /** The page's path, exactly: no trailing slash, no prefix match. */
  readonly path: string;
  readonly remote: RemoteName;
  /**
   * Rendered to HTML at build time (scripts/prerender.mjs) and served as such at `path`
   * itself (its children are drawn by their scripts).
   */
  readonly prerendered?: boolean;
  /**
   * The remote's pages below `path`, by their last segment (`checkout` is `/drinks/checkout`).
   * The shell mounts the remote at `path/*` and the remote routes among them itself.
   */
  readonly children?: readonly string[];
  /**
   * The page speaks every guest language: it is served in English at `path` and below
   * `/hi` and `/ta` too (languages.ts, docs/languages.md). A page joins when its texts are
   * translated; until then it is English only.
   */
  readonly translated?: boolean;
}

/**
 * Every page of the site, the one list of them: the shell's router, the API's embedded
 * serving, the pre-render and nginx.conf (held to it by deploy/deploy.spec.ts) follow it. Any
 * other path is the shell's 404 page, with a 404 status.
 */
export const SITE_ROUTES = [
  { path: '/', remote: 'public_site', prerendered: true, translated: true },
  { path: '/diwali-party', remote: 'public_site', prerendered: true, translated: true },
  { path: '/feast-packs', remote: 'public_site', translated: true, children: ['checkout'] },
  { path: '/my-tickets', remote: 'public_site', translated: true },
  { path: '/privacy', remote: 'public_site', prerendered: true, translated: true },
  { path: '/terms', remote: 'public_site', prerendered: true, translated: true },
  {
    path: '/drinks',
    remote: 'drinks_app',
    prerendered: true,
    translated: true,
    children: ['checkout', 'confirmation', 'tab-confirmation'],
  },
  {
    path: '/admin',
    remote: 'admin_app',
    children: [
      'login',
      'campaigns',
      'drinks-qr',
      'bar',
      'door',
      'devices',
      'activity',
      'settings',
      'pickups',
      'reports',
      'kitchen',
      'waitlist',
      'guests',
    ],
  },
] as const satisfies readonly SiteRoute[];

/** The English paths a route serves: its own and its children's. */
function englishPaths(route: SiteRoute): string[] {
  return [route.path, ...(route.children ?? []).map((child) => `${route.path}/${child}`)];
}

/** The languages a route's pages are served in: all of them when translated, else English. */
export function routeLanguages(route: SiteRoute): readonly Language[] {
  return route.translated ? LANGUAGES : [SOURCE_LANGUAGE];
}

/** The paths a route serves: its own and its children's, in each of its languages. */
export function routePaths(route: SiteRoute): string[] {
  return routeLanguages(route).flatMap((language) => englishPaths(route).map((path) => pathInLanguage(path, language)));
}

/** Every path of the site, in the table's order. */
export function sitePaths(): string[] {
  return SITE_ROUTES.flatMap(routePaths);
}

/** The route serving exactly this path (no query string), or undefined: the 404 page. */
export function findSiteRoute(path: string): SiteRoute | undefined {
  return SITE_ROUTES.find((route: SiteRoute) => routePaths(route).includes(path));
}

/**
 * The react-router path the shell mounts a route's remote at, in a language: with children,
 * the remote routes below it.
 */
export function routerPath(route: SiteRoute, language: Language = SOURCE_LANGUAGE): string {
  const path = pathInLanguage(route.path, language);
  return route.children ? `${path}/*` : path;
}

/** The pre-rendered routes (see `SiteRoute.prerendered`). */
export function prerenderedRoutes(): SiteRoute[] {
  return SITE_ROUTES.filter((route: SiteRoute) => route.prerendered);
}

/** A route's own page in each of its languages: `/drinks`, `/hi/drinks`, `/ta/drinks`. */
export function routePages(route: SiteRoute): { language: Language; path: string }[] {
  return routeLanguages(route).map((language) => ({ language, path: pathInLanguage(route.path, language) }));
}

/** The pre-rendered pages' paths: each pre-rendered route's own path in each of its languages. */
export function prerenderedPaths(): string[] {
  return prerenderedRoutes().flatMap((route) => routePages(route).map((page) => page.path));
}
