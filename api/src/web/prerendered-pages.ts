import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '@festival/contracts';

/** One pre-rendered page as `scripts/prerender.mjs` records it in shell/dist-prerender/pages.json. */
interface PageEntry {
  /** Its build-time HTML, under shell/dist/. */
  file: string;
  stylesheets: string[];
  fonts: string[];
}

interface PagesManifest {
  /** Where the public-site remote was when the pages were rendered (the default /remotes.json). */
  remoteBase: string;
  pages: Record<string, PageEntry>;
}

interface RenderOptions {
  template: string;
  path: string;
  site: SiteConfig;
  stylesheets: string[];
  fonts: string[];
}

type RenderPage = (options: RenderOptions) => Promise<string>;

/**
 * The landing and party pages pre-rendered at build time, and the pre-render bundle that
 * renders them again with the current site configuration (see docs/landing-page.md).
 */
export interface PrerenderedPages {
  /** The build-time HTML, by path. */
  html: ReadonlyMap<string, string>;
  /**
   * The page rendered with this configuration: the same components and template as at build
   * time, so the browser hydrates it the same way. Undefined for a path that is not pre-rendered.
   */
  render(path: string, site: SiteConfig): Promise<string | undefined>;
}

/**
 * Reads what the pre-render step left in a built tree; undefined when the shell was built
 * without it (a test's bare index.html), in which case every route gets the plain shell.
 * `remoteEntry` is the public-site's entry in the served /remotes.json: the stylesheets move
 * with it when the remote is deployed elsewhere.
 */
export function loadPrerenderedPages(staticRoot: string, template: string, remoteEntry: string): PrerenderedPages | undefined {
  const manifestFile = join(staticRoot, 'shell', 'dist-prerender', 'pages.json');
  const bundleFile = join(staticRoot, 'shell', 'dist-prerender', 'render.js');
  if (!existsSync(manifestFile) || !existsSync(bundleFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest;
  const html = new Map(Object.entries(manifest.pages).map(([path, page]) => [path, readFileSync(join(staticRoot, 'shell', 'dist', page.file), 'utf8')]));
  const remoteBase = remoteEntry.replace(/[^/]*$/, '');
  const moved = (url: string) => (url.startsWith(manifest.remoteBase) ? remoteBase + url.slice(manifest.remoteBase.length) : url);

  let renderPage: Promise<RenderPage> | undefined;
  const rendered = new Map<string, { key: string; html: Promise<string> }>();
  return {
    html,
    async render(path, site) {
      const page = manifest.pages[path];
      if (!page) return undefined;
      const key = JSON.stringify(site);
      const last = rendered.get(path);
      if (last?.key === key) return last.html;
      renderPage ??= import(pathToFileURL(bundleFile).href).then((m: { renderPage: RenderPage }) => m.renderPage);
      const next = renderPage.then((render) =>
        render({ template, path, site, stylesheets: page.stylesheets.map(moved), fonts: page.fonts.map(moved) }),
      );
      rendered.set(path, { key, html: next });
      next.catch(() => rendered.delete(path));
      return next;
    },
  };
}
