import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEFAULT_SITE_CONFIG, siteConfigSchema, type SiteConfig } from '@festival/contracts';
import { SiteSettingEntity } from './site-setting.entity.js';

const SITE_KEY = 'site';
/** Replicas re-read the stored configuration at most this often. */
const CACHE_MS = 30_000;

@Injectable()
export class SiteService implements OnApplicationBootstrap {
  private cached: { config: SiteConfig; at: number } | undefined;

  constructor(@InjectRepository(SiteSettingEntity) private readonly settings: Repository<SiteSettingEntity>) {}

  /** Seeds the fictional defaults into a new database; an existing configuration is kept. */
  async onApplicationBootstrap(): Promise<void> {
    const existing = await this.settings.findOneBy({ key: SITE_KEY });
    if (!existing) {
      await this.settings
        .createQueryBuilder()
        .insert()
        .values({ key: SITE_KEY, value: JSON.stringify(DEFAULT_SITE_CONFIG) })
        .orIgnore()
        .execute();
    }
  }

  async get(): Promise<SiteConfig> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.config;
    const row = await this.settings.findOneBy({ key: SITE_KEY });
    const config = row ? siteConfigSchema.parse(JSON.parse(row.value)) : DEFAULT_SITE_CONFIG;
    this.cached = { config, at: Date.now() };
    return config;
  }

  async update(config: SiteConfig): Promise<SiteConfig> {
    const valid = siteConfigSchema.parse(config);
    await this.settings.upsert({ key: SITE_KEY, value: JSON.stringify(valid), updatedAt: new Date() }, ['key']);
    this.cached = { config: valid, at: Date.now() };
    return valid;
  }
}
