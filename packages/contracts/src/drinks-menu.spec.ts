import {
  drinkSlug,
  drinksMenuOrderSchema,
  menuDrinkUpdateSchema,
  newMenuDrinkSchema,
  uniqueDrinkId,
  type NewMenuDrink,
} from './drinks-menu.js';

const COOLER: NewMenuDrink = {
  name: 'Saffron Rose Cooler',
  description: 'Saffron, rose syrup and lime.',
  category: 'Festival Specials',
  priceCents: 750,
  available: 20,
};

const messagesOf = (
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('newMenuDrinkSchema', () => {
  it('takes a drink, trims its texts, and allows an empty description', () => {
    expect(newMenuDrinkSchema.parse({ ...COOLER, name: '  Saffron Rose Cooler ', category: ' Festival Specials' })).toEqual(COOLER);
    expect(messagesOf(newMenuDrinkSchema, { ...COOLER, description: '' })).toEqual([]);
    expect(messagesOf(newMenuDrinkSchema, { ...COOLER, priceCents: 1, available: 0 })).toEqual([]);
  });

  it('refuses each impossible value with a message naming its field', () => {
    const refused = (changes: Partial<Record<keyof NewMenuDrink, unknown>>) => messagesOf(newMenuDrinkSchema, { ...COOLER, ...changes });
    expect(refused({ name: '' })).toEqual(['name: Name is required']);
    expect(refused({ name: undefined })).toEqual(['name: Required']);
    expect(refused({ name: 'x'.repeat(121) })).toEqual(['name: Name cannot be longer than 120 characters']);
    expect(refused({ name: 'Rose\tCooler' })).toEqual(['name: Name must be one line of text']);
    expect(refused({ category: ' ' })).toEqual(['category: Category is required']);
    expect(refused({ description: 5 })).toEqual(['description: Expected string, received number']);
    expect(refused({ priceCents: -1 })).toEqual(['priceCents: Price cannot be negative']);
    expect(refused({ priceCents: 7.5 })).toEqual(['priceCents: Price must be a whole number of cents']);
    expect(refused({ priceCents: 0 })).toEqual(['priceCents: Price must be at least $0.01: the complimentary drink is claimed at the bar']);
    expect(refused({ priceCents: 100_001 })).toEqual(['priceCents: Price cannot be more than $1,000']);
    expect(refused({ available: -2 })).toEqual(['available: Stock cannot be negative']);
    expect(refused({ available: undefined })).toEqual(['available: Required']);
    expect(refused({ priceCents: '4.50' })).toEqual(['priceCents: Expected number, received string']);
    expect(messagesOf(newMenuDrinkSchema, { ...COOLER, hidden: true })).toEqual([': Unrecognized key: "hidden"']);
  });
});

describe('menuDrinkUpdateSchema', () => {
  it('needs `hidden`; the stock may be left out', () => {
    const { available: _available, ...withoutStock } = COOLER;
    expect(messagesOf(menuDrinkUpdateSchema, { ...withoutStock, hidden: true })).toEqual([]);
    expect(messagesOf(menuDrinkUpdateSchema, { ...COOLER, hidden: false })).toEqual([]);
    expect(messagesOf(menuDrinkUpdateSchema, COOLER)).toEqual(['hidden: Required']);
    expect(messagesOf(menuDrinkUpdateSchema, { ...COOLER, hidden: 'yes' })).toEqual(['hidden: Expected boolean, received string']);
  });
});

describe('drinksMenuOrderSchema', () => {
  it('takes a list of distinct ids', () => {
    expect(messagesOf(drinksMenuOrderSchema, { ids: ['mango-lassi', 'sweet-lassi'] })).toEqual([]);
    expect(messagesOf(drinksMenuOrderSchema, { ids: [] })).toEqual(['ids: List every drink of the menu']);
    expect(messagesOf(drinksMenuOrderSchema, { ids: ['a', 'a'] })).toEqual(['ids: Each drink may be listed once']);
    expect(messagesOf(drinksMenuOrderSchema, { ids: [''] })).toEqual(['ids.0: An id cannot be empty']);
    expect(messagesOf(drinksMenuOrderSchema, {})).toEqual(['ids: Required']);
    expect(messagesOf(drinksMenuOrderSchema, { ids: 'mango-lassi' })).toEqual(['ids: Expected array, received string']);
  });
});

describe('drink ids', () => {
  it('are lower-case words of the name joined by `-`', () => {
    expect(drinkSlug('Saffron Rose Cooler')).toBe('saffron-rose-cooler');
    expect(drinkSlug('  Chai & Biscuits! ')).toBe('chai-and-biscuits');
    expect(drinkSlug('Café Crème')).toBe('cafe-creme');
    expect(drinkSlug('☕')).toBe('drink');
    expect(drinkSlug('x'.repeat(100)).length).toBe(56);
  });

  it('take the first free `-2`, `-3`… on a clash', () => {
    expect(uniqueDrinkId('mango-lassi', new Set(['sweet-lassi']))).toBe('mango-lassi');
    expect(uniqueDrinkId('mango-lassi', new Set(['mango-lassi', 'mango-lassi-2']))).toBe('mango-lassi-3');
  });
});
