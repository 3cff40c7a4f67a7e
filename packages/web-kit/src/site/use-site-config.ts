import { queryOptions, useQuery } from '@festival/query';
import type { SiteConfig } from '@festival/contracts';
import { apiGet } from '../api-client';

export const fetchSiteConfig = (): Promise<SiteConfig> => apiGet<SiteConfig>('/api/site');

export const siteConfigQuery = queryOptions({ queryKey: ['site'], queryFn: fetchSiteConfig });

/** The restaurant and festival configuration (`GET /api/site`). */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

export { usePageMeta } from './use-page-meta';
