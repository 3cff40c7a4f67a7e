import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { DEFAULT_MEAL_SETTINGS, mealSettingsSchema, type MealSettings } from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { HotRead } from '../../common/hot-read.js';
import { SeasonEntity, type SeasonSnapshot } from '../seasons/season.entity.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { PARTY_LOCK } from './party-lock.js';
import { SettingEntity } from './setting.entity.js';
import { SettingsChanges } from './settings-changes.js';
import { CURRENT_EVENT_SCOPE } from './ticket-settings.service.js';

const MEALS_ROW = { scope: CURRENT_EVENT_SCOPE, section: 'meals' };

const list = (values: string[]) => (values.length === 0 ? 'none' : values.join(', '));

/** What a save of the Meals section changed, for the activity log: `Meal options none → Vegetarian, Jain`. */
export function describeMealChanges(before: MealSettings, after: MealSettings): string {
  const changes: string[] = [];
  if (list(before.options) !== list(after.options)) changes.push(`Meal options ${list(before.options)} → ${list(after.options)}`);
  if (list(before.allergens) !== list(after.allergens)) changes.push(`Allergens ${list(before.allergens)} → ${list(after.allergens)}`);
  if (before.choicesCloseAt !== after.choicesCloseAt) {
    changes.push(`Meal choices close ${before.choicesCloseAt ?? 'never'} → ${after.choicesCloseAt ?? 'never'}`);
  }
  return changes.length > 0 ? changes.join('; ') : 'No change';
}

/**
 * The Meals section (docs/meals.md): the season on sale's meal options, allergens and when meal
 * choices close, one `settings` row like the Tickets section. `meals()` is the cached read for
 * display; an order and a staff change read it in their own transaction (`readMeals(manager)`).
 * Saved under the party lock, so an order is checked against the options before or after a save,
 * never half of one.
 */
@Injectable()
export class MealSettingsService {
  private readonly mealsRead = new HotRead<MealSettings>(async () => ({ value: await this.readMeals(this.settings.manager) }), 'no-store');

  constructor(
    @InjectRepository(SettingEntity) private readonly settings: Repository<SettingEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
    private readonly changes: SettingsChanges,
  ) {
    changes.onChange(() => this.mealsRead.invalidate());
  }

  /** The Meals section from this replica's cache (at most a second old; a save here drops it). */
  meals(): Promise<MealSettings> {
    return this.mealsRead.value();
  }

  /** The Meals section as stored now (the settings page's read). */
  stored(): Promise<MealSettings> {
    return this.readMeals(this.settings.manager);
  }

  /** The Meals section read with `manager`; a database that never saved one has no meals. */
  async readMeals(manager: EntityManager): Promise<MealSettings> {
    const row = await manager.findOneBy(SettingEntity, MEALS_ROW);
    return row ? mealSettingsSchema.parse(JSON.parse(row.value)) : DEFAULT_MEAL_SETTINGS;
  }

  /** The Meals section a season was sold with: the current one, or the one kept when it ended. */
  async readMealsOf(manager: EntityManager, eventId: number): Promise<MealSettings> {
    const event = await manager.findOneBy(SeasonEntity, { id: eventId });
    if (event?.status === 'past' && event.snapshot) {
      const kept = (JSON.parse(event.snapshot) as SeasonSnapshot).meals;
      return kept ? mealSettingsSchema.parse(kept) : DEFAULT_MEAL_SETTINGS;
    }
    return this.readMeals(manager);
  }

  /** Saves the whole Meals section with its activity-log entry, in one transaction under the party lock. */
  async update(input: MealSettings, actor: StaffActor): Promise<MealSettings> {
    const next = mealSettingsSchema.parse(input);
    await this.exclusive.run(PARTY_LOCK, async (manager) => {
      const now = new Date();
      const row = await manager.findOneBy(SettingEntity, MEALS_ROW);
      const previous = row ? mealSettingsSchema.parse(JSON.parse(row.value)) : DEFAULT_MEAL_SETTINGS;
      const value = JSON.stringify(next);
      if (row) await manager.update(SettingEntity, MEALS_ROW, { value, version: row.version + 1, updatedAt: now });
      else await manager.insert(SettingEntity, { ...MEALS_ROW, value, version: 1, updatedAt: now });
      await this.activity.record(
        manager,
        actor,
        { action: 'settings.change', object: 'Meals', detail: describeMealChanges(previous, next) },
        now,
      );
    });
    this.changes.notify();
    return next;
  }

  /**
   * Writes the Meals section the next season starts with, inside the season start's transaction:
   * the same options and allergens, no closing time (the manager sets a new one).
   */
  async carryIntoNextSeason(manager: EntityManager, meals: MealSettings, now: Date): Promise<void> {
    const next = { ...meals, choicesCloseAt: null };
    const row = await manager.findOneBy(SettingEntity, MEALS_ROW);
    if (row) await manager.update(SettingEntity, MEALS_ROW, { value: JSON.stringify(next), updatedAt: now });
  }
}
