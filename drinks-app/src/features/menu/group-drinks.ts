import type { Drink } from '@festival/contracts';

export interface DrinkCategory {
  name: string;
  /** Anchor id of the category's section. */
  slug: string;
  drinks: Drink[];
}

/** The menu by category: categories alphabetically, drinks in menu order within each. */
export function groupDrinks(drinks: Drink[]): DrinkCategory[] {
  const byCategory = new Map<string, Drink[]>();
  for (const drink of drinks) byCategory.set(drink.category, [...(byCategory.get(drink.category) ?? []), drink]);
  return [...byCategory.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, list]) => ({ name, slug: `category-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, drinks: list }));
}
