import type { RemoteName, SiteConfig } from '@festival/contracts';

export { PAGE_DATA_ID } from '@festival/web-kit/hydration';

/** One more query a page was rendered with beside the site configuration (a policy's text for `/privacy`). */
export interface PageQuery {
  key: readonly unknown[];
  data: unknown;
}

/** The data a page was pre-rendered with; the browser hydrates with exactly this. */
export interface PageData {
  /** The path the HTML was rendered for. */
  path: string;
  /** The site configuration the HTML shows (GET /api/site answers the same shape). */
  site: SiteConfig;
  /** The remote that draws the page. */
  remote: RemoteName;
  /**
   * That remote's entry the HTML was rendered from, as `/remotes.json` listed it. When
   * `/remotes.json` now points elsewhere (the remote was redeployed without the pages being
   * rendered again), the browser renders the page afresh instead of hydrating stale HTML.
   */
  remoteEntry: string;
  /** The page's own queries' answers, when it has any (`/privacy` and `/terms`: their policy). */
  queries?: PageQuery[];
}

/** Query key of the site configuration (`siteConfigQuery` in @festival/web-kit/site). */
export const SITE_QUERY_KEY = ['site'] as const;

/** JSON that cannot end its <script> element early, whatever the configuration holds. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
