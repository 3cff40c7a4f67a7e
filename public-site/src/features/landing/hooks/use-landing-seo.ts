import { useEffect } from 'react';
import { SEO_MARK, type SiteConfig } from '@festival/contracts';
import { pageDataOfThisPath } from '@festival/web-kit/hydration';

/**
 * Whether the document's head already holds the landing page's tags for this configuration: the
 * server writes them into the page it serves (api/src/web/landing-head.ts), built from the same
 * configuration as the page data the page is hydrated with.
 */
function servedHeadFits(site: SiteConfig): boolean {
  if (!document.head.querySelector(`script[type="application/ld+json"][${SEO_MARK}]`)) return false;
  const data = pageDataOfThisPath<{ path: string; site: SiteConfig }>();
  return data !== undefined && JSON.stringify(data.site) === JSON.stringify(site);
}

/** Takes the served page's landing tags away when the visitor moves to another page of the app. */
function leaveServedHead(site: SiteConfig): void {
  document.head.querySelectorAll(`[${SEO_MARK}]`).forEach((el) => el.remove());
  document.title = site.restaurant.name;
}

/**
 * Gives the landing page its title, description, canonical link, Open Graph and Twitter card tags
 * and schema.org JSON-LD while it is shown, and takes them away when the visitor moves to another
 * page of the app. The page as served already has them for its configuration, so the code that
 * builds them loads only when they must change: the configuration changed since, or the visitor
 * came to `/` from another page of the app.
 */
export function useLandingSeo(site: SiteConfig | undefined): void {
  useEffect(() => {
    if (!site) return;
    if (servedHeadFits(site)) return () => leaveServedHead(site);
    let left = false;
    let undo: (() => void) | undefined;
    void import('./landing-head-tags').then(({ applyLandingHead }) => {
      if (!left) undo = applyLandingHead(site);
    });
    return () => {
      left = true;
      undo?.();
    };
  }, [site]);
}
