import './zod-setup.js';
import { z } from 'zod';

/** Builds a schema in a call marked pure, so bundles that only need the types leave zod out. */
const defineSchema = <T>(build: () => T): T => build();

/** The highest price a drink may have: $1,000. */
export const MAX_DRINK_PRICE_CENTS = 100_000;
/** The most of one drink the stock may hold (as the bar's stock count). */
export const MAX_DRINK_STOCK = 100_000;
/** Lengths the `drinks` table holds. */
export const MAX_DRINK_NAME_LENGTH = 120;
export const MAX_DRINK_DESCRIPTION_LENGTH = 500;
export const MAX_DRINK_CATEGORY_LENGTH = 60;
/** The most drinks one reorder may list. */
export const MAX_MENU_DRINKS = 1_000;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const text = (label: string, max: number, required: boolean) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(max, `${label} cannot be longer than ${max} characters`);

const line = (label: string, max: number) =>
  text(label, max, true).refine((value) => !CONTROL_CHARACTERS.test(value), `${label} must be one line of text`);

const priceCents = () =>
  z
    .number()
    .int('Price must be a whole number of cents')
    .min(0, 'Price cannot be negative')
    .max(MAX_DRINK_PRICE_CENTS, 'Price cannot be more than $1,000')
    // The complimentary drink is claimed at the bar: the app never sells a drink at zero (docs/drinks.md).
    .refine((cents) => cents !== 0, 'Price must be at least $0.01: the complimentary drink is claimed at the bar');

const stock = () =>
  z
    .number()
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(MAX_DRINK_STOCK, `Stock cannot be more than ${MAX_DRINK_STOCK.toLocaleString('en-US')}`);

const menuFields = () => ({
  name: line('Name', MAX_DRINK_NAME_LENGTH),
  description: text('Description', MAX_DRINK_DESCRIPTION_LENGTH, false),
  category: line('Category', MAX_DRINK_CATEGORY_LENGTH),
  priceCents: priceCents(),
});

/**
 * `POST /api/admin/drinks-menu`: a new drink (docs/drinks.md, "Editing the menu"). Its id is made
 * from the name on the server; it is shown on the menu from the start.
 */
export const newMenuDrinkSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    ...menuFields(),
    available: stock(),
  }),
);
export type NewMenuDrink = z.infer<typeof newMenuDrinkSchema>;

/**
 * `PUT /api/admin/drinks-menu/:id`: the drink as the manager saves it. `available` may be left
 * out: the stock then stays as the bar has it (orders and the bar change it meanwhile).
 */
export const menuDrinkUpdateSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    ...menuFields(),
    available: stock().optional(),
    hidden: z.boolean(),
  }),
);
export type MenuDrinkUpdate = z.infer<typeof menuDrinkUpdateSchema>;

/** `PUT /api/admin/drinks-menu/order`: every drink's id, in the new menu order. */
export const drinksMenuOrderSchema = /* @__PURE__ */ defineSchema(() =>
  z.strictObject({
    ids: z
      .array(z.string().min(1, 'An id cannot be empty').max(64, 'An id is at most 64 characters'))
      .min(1, 'List every drink of the menu')
      .max(MAX_MENU_DRINKS, `A menu has at most ${MAX_MENU_DRINKS} drinks`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each drink may be listed once'),
  }),
);
export type DrinksMenuOrder = z.infer<typeof drinksMenuOrderSchema>;

/** A drink as the manager's `Drinks menu` lists it: hidden ones too, in menu order. */
export interface MenuDrink {
  id: string;
  name: string;
  description: string;
  category: string;
  /** Integer cents. */
  priceCents: number;
  /** What is left (0 = out of stock). */
  available: number;
  /** Left off the guests' menu and refused at checkout. */
  hidden: boolean;
}

/** `GET /api/admin/drinks-menu`. */
export interface AdminDrinksMenu {
  drinks: MenuDrink[];
}

/**
 * The id of a drink named `name`: lower-case words joined by `-` (`Saffron Rose Cooler` →
 * `saffron-rose-cooler`), accents dropped, at most 56 characters so a `-2`… suffix still fits
 * the column; `drink` when the name has no letters or digits.
 */
export function drinkSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 56)
    .replace(/^-+|-+$/g, '');
  return slug || 'drink';
}

/** The first of `slug`, `slug-2`, `slug-3`… that `taken` does not hold. */
export function uniqueDrinkId(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n += 1) {
    const candidate = `${slug}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
