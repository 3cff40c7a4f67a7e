import type { MenuDrink, MenuDrinkUpdate, NewMenuDrink } from '@festival/contracts';

/** The drink form: the schema's field names (so errors land beside them), the price in dollars. */
export interface DrinkForm {
  name: string;
  description: string;
  category: string;
  /** Dollars, as typed. */
  priceCents: number | null;
  available: number | null;
}

export const EMPTY_DRINK_FORM: DrinkForm = { name: '', description: '', category: '', priceCents: null, available: null };

export function drinkForm(drink: MenuDrink): DrinkForm {
  return {
    name: drink.name,
    description: drink.description,
    category: drink.category,
    priceCents: drink.priceCents / 100,
    available: drink.available,
  };
}

const numberOr = (value: number | null | undefined, map: (n: number) => number) => (typeof value === 'number' ? map(value) : Number.NaN);

/** A new drink from the form, in cents (rounded to the cent). Checked by the caller. */
export function newDrinkOf(form: DrinkForm): NewMenuDrink {
  return {
    name: form.name ?? '',
    description: form.description ?? '',
    category: form.category ?? '',
    priceCents: numberOr(form.priceCents, (dollars) => Math.round(dollars * 100)),
    available: numberOr(form.available, (n) => n),
  };
}

/**
 * An edit from the form. The stock goes only when the manager changed it: orders and the bar take
 * it down meanwhile, and sending the number the form was opened with would undo their changes.
 */
export function drinkUpdateOf(form: DrinkForm, before: MenuDrink): MenuDrinkUpdate {
  const { available, ...rest } = newDrinkOf(form);
  return { ...rest, hidden: before.hidden, ...(available === before.available ? {} : { available }) };
}

/** The saved drink with only `hidden` changed (the row's Shown switch). */
export function visibilityUpdate(drink: MenuDrink, hidden: boolean): MenuDrinkUpdate {
  const { name, description, category, priceCents } = drink;
  return { name, description, category, priceCents, hidden };
}

/**
 * Every id in menu order after moving `id` one place up (-1) or down (+1) within its category,
 * or null where it cannot go further (the menu groups by category).
 */
export function movedIds(drinks: readonly MenuDrink[], id: string, step: -1 | 1): string[] | null {
  const at = drinks.findIndex((drink) => drink.id === id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= drinks.length || drinks[to].category !== drinks[at].category) return null;
  const ids = drinks.map((drink) => drink.id);
  [ids[at], ids[to]] = [ids[to], ids[at]];
  return ids;
}

/** The categories the drinks have, alphabetically (the form suggests them). */
export function categoriesOf(drinks: readonly MenuDrink[]): string[] {
  return [...new Set(drinks.map((drink) => drink.category))].sort((a, b) => a.localeCompare(b, 'en'));
}
