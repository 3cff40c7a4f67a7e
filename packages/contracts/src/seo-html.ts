import { escapeHtml } from './html-escape.js';
import type { PageSeo } from './seo.js';

/** Marks the head elements that belong to the landing page; its run-time code updates them in place. */
export const SEO_MARK = 'data-landing-seo';

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

// The tags renderHeadTags writes, one per line (JSON-LD cannot hold `<`, see scriptJson).
const MARKED_TAG = new RegExp(`^[ \\t]*<(?:meta|link)\\b[^>]*\\s${SEO_MARK}>\\n?`, 'gm');
const MARKED_JSON_LD = new RegExp(`^[ \\t]*<script type="application/ld\\+json" ${SEO_MARK}>[^<]*</script>\\n?`, 'gm');

/**
 * The page's HTML with this title and these head tags: the title replaced (or added), the tags
 * of an earlier call removed, the new ones added before `</head>`.
 */
export function injectHead(html: string, seo: PageSeo): string {
  const title = `<title>${escapeHtml(seo.title)}</title>`;
  const bare = html.replace(MARKED_TAG, '').replace(MARKED_JSON_LD, '');
  const titled = /<title>[\s\S]*?<\/title>/i.test(bare)
    ? bare.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : bare.replace(/<\/head>/i, () => `    ${title}\n  </head>`);
  return titled.replace(/<\/head>/i, () => `${renderHeadTags(seo)}  </head>`);
}
