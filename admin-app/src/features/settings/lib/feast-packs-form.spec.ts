import { feastPacksUpdateSchema } from '@festival/contracts';
import { feastPacksForm, feastPacksUpdateOf, NEW_PACK, NEW_SLOT } from './feast-packs-form';

const SETTINGS = {
  open: false,
  packs: [{ id: 'p1', name: 'Vegetarian Feast Pack', description: 'Curries.', price: 3999, vegetarian: true, hidden: false }],
  slots: [{ id: 's1', date: '2026-11-07', time: '11:00', capacity: 40, sold: 12 }],
};

describe('the Feast packs form', () => {
  it('shows prices in dollars and keeps what each pickup time sold', () => {
    expect(feastPacksForm(SETTINGS)).toEqual({
      open: false,
      packs: [{ id: 'p1', name: 'Vegetarian Feast Pack', description: 'Curries.', price: 39.99, vegetarian: true, hidden: false }],
      slots: [{ id: 's1', date: '2026-11-07', time: '11:00', capacity: 40, sold: 12 }],
    });
  });

  it('sends whole cents, no sold, and no id for a new pack or pickup time', () => {
    const form = feastPacksForm(SETTINGS);
    const section = feastPacksUpdateOf({
      ...form,
      packs: [
        { ...form.packs[0], price: 19.995 },
        { ...NEW_PACK, name: 'Sweets Box', price: 0.1 },
      ],
      slots: [...form.slots, { ...NEW_SLOT, date: '2026-11-08', time: '12:00', capacity: 5 }],
    });
    expect(section).toEqual({
      open: false,
      packs: [
        { id: 'p1', name: 'Vegetarian Feast Pack', description: 'Curries.', price: 2000, vegetarian: true, hidden: false },
        { name: 'Sweets Box', description: '', price: 10, vegetarian: false, hidden: false },
      ],
      slots: [
        { id: 's1', date: '2026-11-07', time: '11:00', capacity: 40 },
        { date: '2026-11-08', time: '12:00', capacity: 5 },
      ],
    });
    expect(feastPacksUpdateSchema.safeParse(section).success).toBe(true);
  });

  it('leaves an empty price or capacity for the schema to refuse', () => {
    const section = feastPacksUpdateOf({ open: true, packs: [{ ...NEW_PACK, name: 'Box' }], slots: [{ ...NEW_SLOT }] });
    expect(section.packs[0].price).toBeNaN();
    expect(section.slots[0].capacity).toBeNaN();
    expect(feastPacksUpdateSchema.safeParse(section).success).toBe(false);
  });
});
