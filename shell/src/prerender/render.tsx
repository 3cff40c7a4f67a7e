/**
 * The pre-render build's entry (vite.prerender.config.ts): renders the shell's page for one
 * path with react-dom/server into the shell's index.html. The same components as the browser
 * build, with the public-site and drinks-app remotes imported through their pre-render entries
 * (`public-site/prerender`, `drinks-app/prerender`) instead of through Module Federation. `scripts/prerender.mjs` calls it at build time; the API's embedded mode calls it
 * again at serve time with the current site configuration.
 */
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { ComponentType } from 'react';
import { findSiteRoute, languageOfPath, pathWithoutLanguage, routePages, type RemoteName, type SiteConfig } from '@festival/contracts';
import { MemoryRouter } from '@festival/router/memory';
import { createQueryClient } from '@festival/web-kit/query-client';
import { App as DrinksApp } from 'drinks-app/prerender';
import { App as PublicSiteApp } from 'public-site/prerender';
import { App } from '../app';
import type { RemoteLoader } from '../remote-loader';
import { PAGE_DATA_ID, pageDataJson, SITE_QUERY_KEY, type PageQuery } from './page-data';

/** The remotes whose pages are pre-rendered (`prerendered` in the site's route table). */
const PRERENDERED_REMOTES: Partial<Record<RemoteName, ComponentType>> = { public_site: PublicSiteApp, drinks_app: DrinksApp };

const loadRemote: RemoteLoader = async (name) => {
  const app = PRERENDERED_REMOTES[name];
  if (!app) throw new Error(`The ${name} remote is not pre-rendered`);
  return { default: app };
};

async function renderBody(path: string, site: SiteConfig, queries: PageQuery[]): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SITE_QUERY_KEY, site);
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  const router = (routes: ReactNode) => <MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App queryClient={queryClient} loadRemote={loadRemote} router={router} />
    </StrictMode>,
    { onError: (error) => console.error(error) },
  );
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

export interface RenderOptions {
  /** The shell's built index.html. */
  template: string;
  /** The path to render, a pre-rendered one of SITE_ROUTES. */
  path: string;
  site: SiteConfig;
  /** Stylesheets of the remote the page shows, so it is styled before any script runs. */
  stylesheets: string[];
  /** Fonts the first paint uses, preloaded. */
  fonts?: string[];
  /** The entry of the page's remote in the `/remotes.json` the page goes with. */
  remoteEntry: string;
  /** The page's own queries' answers (a policy's text), rendered and handed to the browser with it. */
  queries?: PageQuery[];
  /**
   * The site's public address (PUBLIC_URL, or the request's), before each `hreflang` link's path:
   * search engines take only full addresses there. Without it (a build that knows no address)
   * the links are the paths.
   */
  origin?: string;
}

const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page's complete HTML: the template with the rendered body, its styles and its data. */
export async function renderPage({
  template,
  path,
  site,
  stylesheets,
  fonts = [],
  remoteEntry,
  queries = [],
  origin = '',
}: RenderOptions): Promise<string> {
  if (!template.includes('<div id="root"></div>')) throw new Error('The shell template has no empty <div id="root"></div>');
  const route = findSiteRoute(path);
  if (route?.path !== pathWithoutLanguage(path) || !route.prerendered) throw new Error(`${path} is not a pre-rendered path`);
  const { remote } = route;
  const language = languageOfPath(path);
  const body = await renderBody(path, site, queries);
  // A translated page names its versions in the other languages, for search engines.
  const alternates = route.translated ? routePages(route) : [];
  const head = [
    ...alternates.map((other) => `<link rel="alternate" hreflang="${other.language}" href="${attr(origin + other.path)}">`),
    ...fonts.map((href) => `<link rel="preload" href="${attr(href)}" as="font" type="font/woff2" crossorigin>`),
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${attr(href)}">`),
  ]
    .map((tag) => `    ${tag}\n`)
    .join('');
  const data = `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataJson({ path, site, remote, remoteEntry, ...(queries.length > 0 ? { queries } : {}) })}</script>`;
  return template
    .replace(/<html lang="[^"]*"/i, () => `<html lang="${language}"`)
    .replace(/<\/head>/i, () => `${head}  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>\n    ${data}`);
}
