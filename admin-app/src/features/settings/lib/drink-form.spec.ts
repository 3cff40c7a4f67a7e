import type { MenuDrink } from '@festival/contracts';
import { categoriesOf, drinkForm, drinkUpdateOf, movedIds, newDrinkOf, visibilityUpdate } from './drink-form';

const drink = (id: string, category: string, extra: Partial<MenuDrink> = {}): MenuDrink => ({
  id,
  name: id,
  description: '',
  category,
  priceCents: 500,
  available: 10,
  hidden: false,
  ...extra,
});

const MENU = [drink('kingfisher', 'Beer'), drink('taj-mahal', 'Beer'), drink('mango-lassi', 'Lassis'), drink('sweet-lassi', 'Lassis')];

describe('the drink form', () => {
  it('sends the price in cents, rounded to the cent', () => {
    expect(newDrinkOf({ name: 'Cooler', description: '', category: 'Specials', priceCents: 7.5, available: 20 })).toEqual({
      name: 'Cooler',
      description: '',
      category: 'Specials',
      priceCents: 750,
      available: 20,
    });
    // 19.99 × 100 and 4.35 × 100 are a hair below the cents in floating point.
    expect(
      [19.99, 4.35].map((priceCents) => newDrinkOf({ name: 'C', description: '', category: 'S', priceCents, available: 1 }).priceCents),
    ).toEqual([1999, 435]);
    expect(newDrinkOf({ name: 'Cooler', description: '', category: 'Specials', priceCents: null, available: null })).toMatchObject({
      priceCents: Number.NaN,
      available: Number.NaN,
    });
  });

  it('an edit sends the stock only when it was changed, and keeps the drink shown or hidden', () => {
    const saved = drink('mango-lassi', 'Lassis', { hidden: true, priceCents: 650, available: 80 });
    const form = drinkForm(saved);
    expect(form.priceCents).toBe(6.5);
    expect(drinkUpdateOf({ ...form, priceCents: 7 }, saved)).toEqual({
      name: 'mango-lassi',
      description: '',
      category: 'Lassis',
      priceCents: 700,
      hidden: true,
    });
    expect(drinkUpdateOf({ ...form, available: 90 }, saved).available).toBe(90);
    expect(visibilityUpdate(saved, false)).toEqual({
      name: 'mango-lassi',
      description: '',
      category: 'Lassis',
      priceCents: 650,
      hidden: false,
    });
  });
});

describe('moving a drink', () => {
  it('swaps it with its neighbour in the same category, never across categories', () => {
    expect(movedIds(MENU, 'sweet-lassi', -1)).toEqual(['kingfisher', 'taj-mahal', 'sweet-lassi', 'mango-lassi']);
    expect(movedIds(MENU, 'kingfisher', 1)).toEqual(['taj-mahal', 'kingfisher', 'mango-lassi', 'sweet-lassi']);
    expect(movedIds(MENU, 'mango-lassi', -1)).toBeNull();
    expect(movedIds(MENU, 'taj-mahal', 1)).toBeNull();
    expect(movedIds(MENU, 'kingfisher', -1)).toBeNull();
    expect(movedIds(MENU, 'sweet-lassi', 1)).toBeNull();
  });

  it('suggests the categories the drinks have', () => {
    expect(categoriesOf([...MENU, drink('cooler', 'Festival Specials')])).toEqual(['Beer', 'Festival Specials', 'Lassis']);
  });
});
