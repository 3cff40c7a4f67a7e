import type { Drink } from '@festival/contracts';
import { groupDrinks } from './group-drinks';

const drink = (id: string, category: string): Drink => ({ id, name: id, description: '', category, price: 500, available: 10 });

describe('groupDrinks', () => {
  it('sorts categories alphabetically and keeps the menu order inside each', () => {
    const groups = groupDrinks([
      drink('lassi-2', 'Lassis'),
      drink('ipa', 'Beer'),
      drink('lassi-1', 'Lassis'),
      drink('chai', 'Chai & Coffee'),
    ]);
    expect(groups.map((g) => [g.name, g.drinks.map((d) => d.id)])).toEqual([
      ['Beer', ['ipa']],
      ['Chai & Coffee', ['chai']],
      ['Lassis', ['lassi-2', 'lassi-1']],
    ]);
    expect(groups[1].slug).toBe('category-chai-coffee');
  });

  it('is empty for an empty menu', () => {
    expect(groupDrinks([])).toEqual([]);
  });
});
