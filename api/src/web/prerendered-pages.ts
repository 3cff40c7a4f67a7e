import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RemoteName, RemotesManifest, SiteConfig } from '@festival/contracts';

/** One pre-rendered page as `scripts/prerender.mjs` records it in shell/dist-prerender/pages.json. */
interface PageEntry {
  /** Its build-time HTML, under shell/dist/. */
  file: string;
  /** The remote drawing it, and that remote's entry in the /remotes.json it was rendered for. */
  remote: RemoteName;
  remoteEntry: string;
  stylesheets: string[];
  fonts: string[];
}

interface PagesManifest {
  /** Their template under shell/dist/ (the shell's index.html, scripts started after the first paint). */
  template: string;
  pages: Record<string, PageEntry>;
}

/** One more query a page is rendered with (shell/src/prerender/page-data.ts, `PageQuery`). */
export interface PageQuery {
  key: readonly unknown[];
  data: unknown;
}

interface RenderOptions extends Omit<PageEntry, 'file' | 'remote'> {
  template: string;
  path: string;
  site: SiteConfig;
  queries?: PageQuery[];
  origin?: string;
}

type RenderPage = (options: RenderOptions) => Promise<string>;

/**
 * The landing and party pages and the drinks menu's frame pre-rendered at build time, and the
 * pre-render bundle that renders them again with the current site configuration (see
 * docs/landing-page.md).
 */
export interface PrerenderedPages {
  /** The build-time HTML, by path. */
  html: ReadonlyMap<string, string>;
  /**
   * The page rendered with this configuration: the same components and template as at build
   * time, so the browser hydrates it the same way; its `hreflang` links name `origin`, the site's
   * address. Undefined for a path that is not pre-rendered.
   */
  render(path: string, site: SiteConfig, queries?: PageQuery[], origin?: string): Promise<string | undefined>;
}

/**
 * Reads what the pre-render step left in a built tree. Undefined, so that every route gets the
 * plain shell, when the shell was built without it (a test's bare index.html). A page whose
 * remote the served /remotes.json points at another build than the one it was rendered from
 * (`remoteEntry`) is left out, as that build's markup and stylesheets may differ: its path gets
 * the plain shell.
 */
export function loadPrerenderedPages(staticRoot: string, remotes: RemotesManifest): PrerenderedPages | undefined {
  const manifestFile = join(staticRoot, 'shell', 'dist-prerender', 'pages.json');
  const bundleFile = join(staticRoot, 'shell', 'dist-prerender', 'render.js');
  if (!existsSync(manifestFile) || !existsSync(bundleFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest;
  const template = readFileSync(join(staticRoot, 'shell', 'dist', manifest.template), 'utf8');
  const current = Object.entries(manifest.pages).filter(([, page]) => remotes[page.remote] === page.remoteEntry);
  const pages = new Map(current);
  const html = new Map(current.map(([path, page]) => [path, readFileSync(join(staticRoot, 'shell', 'dist', page.file), 'utf8')]));

  let renderPage: Promise<RenderPage> | undefined;
  const rendered = new Map<string, { key: string; html: Promise<string> }>();
  return {
    html,
    async render(path, site, queries = [], origin) {
      const page = pages.get(path);
      if (!page) return undefined;
      const key = JSON.stringify([site, queries, origin]);
      const last = rendered.get(path);
      if (last?.key === key) return last.html;
      renderPage ??= import(pathToFileURL(bundleFile).href).then((m: { renderPage: RenderPage }) => m.renderPage);
      const next = renderPage.then((render) =>
        render({ template, path, site, queries, origin, stylesheets: page.stylesheets, fonts: page.fonts, remoteEntry: page.remoteEntry }),
      );
      rendered.set(path, { key, html: next });
      next.catch(() => rendered.delete(path));
      return next;
    },
  };
}
