import { escapeHtml } from './html-escape.js';
import { prerenderedRoutes } from './remotes.js';

/**
 * The pages search engines may index and list in the sitemap: the public, pre-rendered ones
 * (`/`, `/diwali-party`, `/privacy`, `/terms`, `/drinks`), from the site's route table.
 */
export function indexedPaths(): string[] {
  return prerenderedRoutes().map((route) => route.path);
}

/** The staff pages (`/admin` and below): disallowed in robots.txt and answered with `X-Robots-Tag: noindex`. */
export const STAFF_PAGES = '/admin';

export function isStaffPage(path: string): boolean {
  return path === STAFF_PAGES || path.startsWith(`${STAFF_PAGES}/`);
}

const base = (origin: string) => origin.replace(/\/$/, '');

/** `/robots.txt`: every crawler, the staff pages disallowed, the sitemap's absolute address. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', `Disallow: ${STAFF_PAGES}`, '', `Sitemap: ${base(origin)}/sitemap.xml`, ''].join('\n');
}

/** `/sitemap.xml` (sitemaps.org 0.9): the indexed pages at the site's absolute address. */
export function sitemapXml(origin: string): string {
  const urls = indexedPaths().map((path) => `  <url><loc>${escapeHtml(`${base(origin)}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
