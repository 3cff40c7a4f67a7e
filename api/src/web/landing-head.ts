import type { Request } from 'express';
import { injectHead, type PageSeo, type SiteConfig } from '@festival/contracts';
import type { SiteService } from '../modules/settings/site.service.js';

/** Completes the HTML of one page of the shell (pre-rendered, or the plain index.html); undefined keeps it as it is. */
export type PageHtml = (req: Request, indexHtml: string) => Promise<string | undefined>;

/** The site's public address: PUBLIC_URL, else the request's own. */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/**
 * A page's HTML with the title, description, preview tags (image included) and JSON-LD built
 * from the site configuration by `seo` (PAGE_SEO in the contracts: the landing and party pages),
 * so crawlers and link previews that do not run JavaScript see them.
 */
export function seoPageHtml(
  seo: (site: SiteConfig, origin: string) => PageSeo,
  site: SiteService,
  publicUrl: string | undefined,
): PageHtml {
  return async (req, indexHtml) => injectHead(indexHtml, seo(await site.get(), siteOrigin(req, publicUrl)));
}
