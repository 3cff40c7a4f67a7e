import type { Request } from 'express';
import { landingPageSeo, type PageSeo } from '@festival/contracts';
import type { SiteService } from '../modules/site/site.service.js';

/** Marks head elements that belong to the landing page; its run-time code updates them in place. */
export const SEO_MARK = 'data-landing-seo';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON that cannot end its <script> element early, whatever the configuration holds. */
const scriptJson = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The head tags of a page: description, canonical link, Open Graph, Twitter card, JSON-LD. */
export function renderHeadTags(seo: PageSeo): string {
  const tags = [
    ...seo.meta.map((m) => `<meta ${m.attribute}="${escapeHtml(m.key)}" content="${escapeHtml(m.content)}" ${SEO_MARK}>`),
    `<link rel="canonical" href="${escapeHtml(seo.canonicalUrl)}" ${SEO_MARK}>`,
    ...seo.jsonLd.map((data) => `<script type="application/ld+json" ${SEO_MARK}>${scriptJson(data)}</script>`),
  ];
  return tags.map((t) => `    ${t}\n`).join('');
}

/** The shell's index.html with the page's title and head tags in it. */
export function injectHead(indexHtml: string, seo: PageSeo): string {
  const title = `<title>${escapeHtml(seo.title)}</title>`;
  const titled = /<title>[\s\S]*?<\/title>/i.test(indexHtml)
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : indexHtml.replace(/<\/head>/i, () => `    ${title}\n  </head>`);
  return titled.replace(/<\/head>/i, () => `${renderHeadTags(seo)}  </head>`);
}

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
