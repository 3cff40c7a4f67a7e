import { landingPageSeo, SEO_MARK, type SiteConfig } from '@festival/contracts';

function headElement(selector: string, create: () => HTMLElement): { el: HTMLElement; created: boolean } {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return { el: existing, created: false };
  const el = create();
  document.head.append(el);
  return { el, created: true };
}

/**
 * Puts the landing page's title, description, canonical link, Open Graph and Twitter card tags
 * and schema.org JSON-LD into the document head, built from the site configuration; the function
 * it returns takes them away (and puts back what the shell's own HTML had).
 */
export function applyLandingHead(site: SiteConfig): () => void {
  const seo = landingPageSeo(site, window.location.origin);
  const previousTitle = document.title;
  document.title = seo.title;
  const restores: (() => void)[] = [];
  // Tags made here or injected by the server for this page go when the page goes; a tag
  // the shell's own HTML had gets its value back.
  const own = (el: HTMLElement, created: boolean, attribute: string) => {
    const landingOnly = created || el.hasAttribute(SEO_MARK);
    const before = el.getAttribute(attribute);
    el.setAttribute(SEO_MARK, '');
    restores.push(() => {
      if (landingOnly) el.remove();
      else {
        el.removeAttribute(SEO_MARK);
        if (before !== null) el.setAttribute(attribute, before);
      }
    });
  };

  for (const tag of seo.meta) {
    const { el, created } = headElement(`meta[${tag.attribute}="${tag.key}"]`, () => {
      const meta = document.createElement('meta');
      meta.setAttribute(tag.attribute, tag.key);
      return meta;
    });
    own(el, created, 'content');
    el.setAttribute('content', tag.content);
  }
  const canonical = headElement('link[rel="canonical"]', () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    return link;
  });
  own(canonical.el, canonical.created, 'href');
  canonical.el.setAttribute('href', seo.canonicalUrl);

  document.head.querySelectorAll(`script[type="application/ld+json"][${SEO_MARK}]`).forEach((el) => el.remove());
  for (const data of seo.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(SEO_MARK, '');
    script.textContent = JSON.stringify(data);
    document.head.append(script);
    restores.push(() => script.remove());
  }

  return () => {
    restores.forEach((restore) => restore());
    document.title = previousTitle === seo.title ? site.restaurant.name : previousTitle;
  };
}
