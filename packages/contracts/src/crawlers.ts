import { escapeHtml } from './html-escape.js';
import { prerenderedRoutes, routePages } from './remotes.js';

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

/**
 * `/sitemap.xml` (sitemaps.org 0.9): the pages search engines may index, the public, pre-rendered
 * ones (prerenderedPaths), at the site's absolute address. A page in several languages names
 * each of them (itself included) as an `xhtml:link` alternate, as its HTML's `hreflang` links do.
 */
export function sitemapXml(origin: string): string {
  const at = (path: string) => escapeHtml(`${base(origin)}${path}`);
  const urls = prerenderedRoutes().flatMap((route) => {
    const pages = routePages(route);
    const alternates =
      pages.length > 1
        ? pages.map((page) => `<xhtml:link rel="alternate" hreflang="${page.language}" href="${at(page.path)}"/>`).join('')
        : '';
    return pages.map((page) => `  <url><loc>${at(page.path)}</loc>${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
