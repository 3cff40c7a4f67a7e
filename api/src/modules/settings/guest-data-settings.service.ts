import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEFAULT_GUEST_DATA_SETTINGS, guestDataSettingsSchema, type GuestDataSettings } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { SettingEntity } from './setting.entity.js';
import { SETTINGS_LOCK } from './settings.service.js';

/** The section belongs to the restaurant, not to a season: a season start leaves it alone. */
const GUEST_DATA_ROW = { scope: 'restaurant', section: 'guest-data' };

/**
 * The `Guest data` section (docs/settings.md): `Keep guest data for`, the months after which the
 * retention job anonymises the guests of ended seasons (docs/privacy.md).
 */
@Injectable()
export class GuestDataSettingsService {
  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
  ) {}

  /** The section as stored; the default (24 months) until the manager saves one. */
  async stored(): Promise<GuestDataSettings> {
    const row = await this.settings.findOneBy(GUEST_DATA_ROW);
    return row ? guestDataSettingsSchema.parse(JSON.parse(row.value)) : DEFAULT_GUEST_DATA_SETTINGS;
  }

  /** Saves the whole section with its activity-log entry. */
  async update(input: GuestDataSettings, actor: StaffActor): Promise<GuestDataSettings> {
    const next = guestDataSettingsSchema.parse(input);
    await this.exclusive.run(SETTINGS_LOCK, async (manager) => {
      const now = new Date();
      const row = await manager.findOneBy(SettingEntity, GUEST_DATA_ROW);
      const previous = row ? guestDataSettingsSchema.parse(JSON.parse(row.value)) : DEFAULT_GUEST_DATA_SETTINGS;
      const value = JSON.stringify(next);
      if (row) await manager.update(SettingEntity, GUEST_DATA_ROW, { value, version: row.version + 1, updatedAt: now });
      else await manager.insert(SettingEntity, { ...GUEST_DATA_ROW, value, version: 1, updatedAt: now });
      const detail =
        previous.keepGuestDataMonths === next.keepGuestDataMonths
          ? 'No change'
          : `Keep guest data for ${previous.keepGuestDataMonths} → ${next.keepGuestDataMonths} months`;
      await this.activity.record(manager, actor, { action: 'settings.change', object: 'Guest data', detail }, now);
    });
    return next;
  }
}
