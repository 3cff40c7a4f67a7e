import type { Request } from 'express';
import { injectHead, landingPageSeo } from '@festival/contracts';
import type { SiteService } from '../modules/site/site.service.js';

/** Completes the HTML of one page of the shell (pre-rendered, or the plain index.html); undefined keeps it as it is. */
export type PageHtml = (req: Request, indexHtml: string) => Promise<string | undefined>;

/**
 * The landing page's HTML: the shell's index.html with the title, description, preview tags
 * and JSON-LD built from the site configuration, so crawlers and link previews that do not run
 * JavaScript see them. The site's address is PUBLIC_URL, else the request's own.
 */
export function landingPageHtml(site: SiteService, publicUrl: string | undefined): PageHtml {
  return async (req, indexHtml) => {
    const origin = publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    return injectHead(indexHtml, landingPageSeo(await site.get(), origin));
  };
}
