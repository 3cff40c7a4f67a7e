import type { Express } from 'express';
import { isStaffPage, robotsTxt, sitemapXml } from '@festival/contracts';
import { siteOrigin } from './landing-head.js';

/**
 * What crawlers read besides the pages (docs/seo.md): `/robots.txt` (the staff pages disallowed,
 * the sitemap named) and `/sitemap.xml` (the public pages), both with the site's absolute address
 * (PUBLIC_URL, else the request's own), and `X-Robots-Tag: noindex` on every staff page. Mounted
 * whether or not this process serves the built site: nginx passes these two files to the API.
 */
export function mountCrawlerFiles(app: Express, publicUrl: string | undefined): void {
  app.get('/robots.txt', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(siteOrigin(req, publicUrl)));
  });
  app.get('/sitemap.xml', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(sitemapXml(siteOrigin(req, publicUrl)));
  });
  app.use((req, res, next) => {
    if (isStaffPage(req.path)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });
}
