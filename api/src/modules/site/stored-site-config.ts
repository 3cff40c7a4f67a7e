import type { EntityManager } from 'typeorm';
import { DEFAULT_SITE_CONFIG, siteConfigSchema, type SiteConfig } from '@festival/contracts';
import { SiteSettingEntity } from './site-setting.entity.js';

/** The site configuration's row in `site_settings`. */
export const SITE_KEY = 'site';

/** The site configuration as stored, read with `manager`: the defaults without a row or with one that no longer parses. */
export async function storedSiteConfig(manager: EntityManager): Promise<SiteConfig> {
  const row = await manager.findOneBy(SiteSettingEntity, { key: SITE_KEY });
  const parsed = row ? siteConfigSchema.safeParse(JSON.parse(row.value)) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_SITE_CONFIG;
}
