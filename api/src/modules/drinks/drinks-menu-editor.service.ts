import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  drinkSlug,
  formatCents,
  uniqueDrinkId,
  type AdminDrinksMenu,
  type MenuDrink,
  type MenuDrinkUpdate,
  type NewMenuDrink,
} from '@festival/contracts';
import { ExclusiveSection } from '../../common/exclusive-section.js';
import { ActivityLog } from '../staff/activity-log.service.js';
import type { StaffActor } from '../staff/staff-actor.js';
import { DRINKS_LOCK } from './drink-menu.service.js';
import { DrinkEntity } from './drink.entity.js';

const sameText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'accent' }) === 0;

/** Menu order: categories alphabetically (as the guests' page shows them), then each category's own order. */
export function inMenuOrder<T extends Pick<DrinkEntity, 'category' | 'sortOrder' | 'name'>>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) => a.category.localeCompare(b.category, 'en') || a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'en'),
  );
}

export function toMenuDrink(row: DrinkEntity): MenuDrink {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    priceCents: row.priceCents,
    available: row.available,
    hidden: row.hidden,
  };
}

/** What an edit changed, for the activity log: `Price $6.50 → $7.00; Shown → Hidden`. */
export function describeDrinkChanges(before: MenuDrink, after: MenuDrink): string {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`Name ${before.name} → ${after.name}`);
  if (before.category !== after.category) changes.push(`Category ${before.category} → ${after.category}`);
  if (before.priceCents !== after.priceCents) changes.push(`Price ${formatCents(before.priceCents)} → ${formatCents(after.priceCents)}`);
  if (before.available !== after.available) changes.push(`Stock ${before.available} → ${after.available}`);
  if (before.description !== after.description) changes.push('Description changed');
  if (before.hidden !== after.hidden) changes.push(after.hidden ? 'Shown → Hidden' : 'Hidden → Shown');
  return changes.length > 0 ? changes.join('; ') : 'No change';
}

/** What a reorder changed: each category whose order is new, with its drinks in that order. */
export function describeReorder(before: DrinkEntity[], after: DrinkEntity[]): string {
  const namesByCategory = (rows: DrinkEntity[]) => {
    const map = new Map<string, string[]>();
    for (const row of inMenuOrder(rows)) map.set(row.category, [...(map.get(row.category) ?? []), row.name]);
    return map;
  };
  const old = namesByCategory(before);
  const changed = [...namesByCategory(after)].filter(([category, names]) => old.get(category)?.join('\n') !== names.join('\n'));
  return changed.length > 0 ? changed.map(([category, names]) => `${category}: ${names.join(', ')}`).join('; ') : 'No change';
}

/**
 * The manager's `Drinks menu` (docs/drinks.md): add, edit, hide and reorder drinks. Every change
 * runs under the drinks lock with its activity-log entry in the same transaction; the guests'
 * menu cache is dropped after each (DrinkMenuService listens to the lock).
 */
@Injectable()
export class DrinksMenuEditor {
  constructor(
    @InjectRepository(DrinkEntity) private readonly drinks: Repository<DrinkEntity>,
    private readonly exclusive: ExclusiveSection,
    private readonly activity: ActivityLog,
  ) {}

  /** Every drink, hidden ones too, in menu order. */
  async list(): Promise<AdminDrinksMenu> {
    return { drinks: inMenuOrder(await this.drinks.find()).map(toMenuDrink) };
  }

  /** A new drink, shown, last in its category; its id is a slug of the name (`-2`, `-3`… on a clash). */
  async add(input: NewMenuDrink, actor: StaffActor): Promise<MenuDrink> {
    return this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const all = await manager.find(DrinkEntity);
      assertNameFree(all, input.name);
      const category = existingSpelling(all, input.category);
      const id = uniqueDrinkId(drinkSlug(input.name), new Set(all.map((drink) => drink.id)));
      await manager.insert(DrinkEntity, {
        id,
        name: input.name,
        description: input.description,
        category,
        priceCents: input.priceCents,
        available: input.available,
        hidden: false,
        sortOrder: nextSortOrder(all, category),
      });
      const saved = await manager.findOneByOrFail(DrinkEntity, { id });
      await this.activity.record(manager, actor, {
        action: 'drink.menu',
        object: saved.name,
        detail: `Added to ${category} at ${formatCents(saved.priceCents)}, ${saved.available} in stock`,
      });
      return toMenuDrink(saved);
    });
  }

  /** The drink as saved by the manager; without `available` the stock stays as the bar has it. */
  async update(id: string, input: MenuDrinkUpdate, actor: StaffActor): Promise<MenuDrink> {
    return this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const all = await manager.find(DrinkEntity);
      const before = all.find((drink) => drink.id === id);
      if (!before) throw new NotFoundException('No such drink');
      const others = all.filter((drink) => drink.id !== id);
      assertNameFree(others, input.name);
      const category = existingSpelling(others, input.category);
      const changes: Partial<DrinkEntity> = {
        name: input.name,
        description: input.description,
        category,
        priceCents: input.priceCents,
        hidden: input.hidden,
        ...(input.available === undefined ? {} : { available: input.available }),
        ...(category === before.category ? {} : { sortOrder: nextSortOrder(others, category) }),
      };
      await manager.update(DrinkEntity, { id }, changes);
      const after = await manager.findOneByOrFail(DrinkEntity, { id });
      await this.activity.record(manager, actor, {
        action: 'drink.menu',
        object: before.name,
        detail: describeDrinkChanges(toMenuDrink(before), toMenuDrink(after)),
      });
      return toMenuDrink(after);
    });
  }

  /**
   * The menu in a new order: `ids` names every drink once; each drink's `sortOrder` becomes its
   * place in the list (the menu still groups by category). A list made before a drink was added
   * is a 409, so the page reloads instead of leaving a drink out.
   */
  async reorder(ids: string[], actor: StaffActor): Promise<AdminDrinksMenu> {
    return this.exclusive.run(DRINKS_LOCK, async (manager) => {
      const before = await manager.find(DrinkEntity);
      const known = new Set(before.map((drink) => drink.id));
      const unknown = ids.filter((id) => !known.has(id));
      const listed = new Set(ids);
      const missing = before.filter((drink) => !listed.has(drink.id)).map((drink) => drink.name);
      if (unknown.length > 0 || missing.length > 0) {
        const parts = [
          ...(missing.length > 0 ? [`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the list`] : []),
          ...(unknown.length > 0 ? [`no drink has the id ${unknown.join(', ')}`] : []),
        ];
        throw new ConflictException(`The drinks menu has changed (${parts.join('; ')}). Reload the page and try again.`);
      }
      const place = new Map(ids.map((id, index) => [id, index]));
      for (const drink of before) {
        const sortOrder = place.get(drink.id)!;
        if (drink.sortOrder !== sortOrder) await manager.update(DrinkEntity, { id: drink.id }, { sortOrder });
      }
      const after = before.map((drink) => ({ ...drink, sortOrder: place.get(drink.id)! }));
      await this.activity.record(manager, actor, { action: 'drink.menu', object: 'Menu order', detail: describeReorder(before, after) });
      return { drinks: inMenuOrder(after).map(toMenuDrink) };
    });
  }
}

/** Two drinks of the same name would confuse the bar and the guests: a 409 beside the name. */
function assertNameFree(others: DrinkEntity[], name: string): void {
  const same = others.find((drink) => sameText(drink.name, name));
  if (!same) return;
  throw new ConflictException(`name: There is already a drink named ${same.name}${same.hidden ? ' (hidden: show it again instead)' : ''}`);
}

/** A category typed in another case (`lassis`) joins the existing one (`Lassis`) rather than making a second. */
function existingSpelling(others: DrinkEntity[], category: string): string {
  return others.find((drink) => sameText(drink.category, category))?.category ?? category;
}

function nextSortOrder(drinks: DrinkEntity[], category: string): number {
  return Math.max(-1, ...drinks.filter((drink) => drink.category === category).map((drink) => drink.sortOrder)) + 1;
}
