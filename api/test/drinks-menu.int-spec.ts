import { priceDrinks, type AdminDrinksMenu, type Drink, type MenuDrink } from '@festival/contracts';
import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { createDrinkPaymentRequest, createTabOrderRequest, MENU, openTab, payDrinks } from './support/drinks.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'drinks-menu-manager-password';

const COOLER = {
  name: 'Saffron Rose Cooler',
  description: 'Saffron, rose syrup and lime over crushed ice.',
  category: 'Festival Specials',
  priceCents: 750,
  available: 20,
};

describe(`the Drinks menu section on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  const adminMenu = async (): Promise<MenuDrink[]> =>
    ((await t.http.get('/api/admin/drinks-menu').set('Cookie', manager).expect(200)).body as AdminDrinksMenu).drinks;
  const guestMenu = async (): Promise<Drink[]> => (await t.http.get('/api/drinks').expect(200)).body as Drink[];
  const add = (body: Record<string, unknown>) => t.http.post('/api/admin/drinks-menu').set('Cookie', manager).send(body);
  const edit = (id: string, body: Record<string, unknown>) => t.http.put(`/api/admin/drinks-menu/${id}`).set('Cookie', manager).send(body);
  const reorder = (ids: string[]) => t.http.put('/api/admin/drinks-menu/order').set('Cookie', manager).send({ ids });
  const drinkIn = (menu: MenuDrink[], id: string): MenuDrink => menu.find((drink) => drink.id === id)!;
  /** The drink as saved now, with `changes` applied, without its stock (the bar's). */
  const edited = async (id: string, changes: Partial<MenuDrink>) => {
    const { id: _id, available: _available, ...current } = drinkIn(await adminMenu(), id);
    return { ...current, ...changes };
  };
  const activity = async () =>
    (await t.http.get('/api/admin/activity?action=drink.menu').set('Cookie', manager).expect(200)).body.items as {
      object: string;
      detail: string;
      who: string;
    }[];

  it('lists every drink in menu order (categories alphabetically, then each category in its order), all shown', async () => {
    const menu = await adminMenu();
    expect(menu.length).toBe(28);
    expect(drinkIn(menu, 'mango-lassi')).toEqual({
      id: 'mango-lassi',
      name: 'Mango Lassi',
      description: expect.any(String),
      category: 'Lassis',
      priceCents: 650,
      available: 80,
      hidden: false,
    });
    expect(menu.every((drink) => !drink.hidden)).toBe(true);
    // The guests' menu lists the same drinks in the same order.
    expect((await guestMenu()).map((drink) => drink.id)).toEqual(menu.map((drink) => drink.id));
  });

  describe('validation: each rule refused with a 400 that starts with the field', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a missing name', { name: undefined }, 'name: Required'],
      ['a blank name', { name: '   ' }, 'name: Name is required'],
      ['a name that is not text', { name: 42 }, 'name: Expected string, received number'],
      ['a name too long', { name: 'x'.repeat(121) }, 'name: Name cannot be longer than 120 characters'],
      ['a name on two lines', { name: 'Rose\nCooler' }, 'name: Name must be one line of text'],
      ['a description too long', { description: 'x'.repeat(501) }, 'description: Description cannot be longer than 500 characters'],
      ['a missing category', { category: undefined }, 'category: Required'],
      ['a category too long', { category: 'x'.repeat(61) }, 'category: Category cannot be longer than 60 characters'],
      ['a negative price', { priceCents: -1 }, 'priceCents: Price cannot be negative'],
      ['a price in fractions of a cent', { priceCents: 7.5 }, 'priceCents: Price must be a whole number of cents'],
      ['a price as text', { priceCents: '7.50' }, 'priceCents: Expected number, received string'],
      ['a price of zero', { priceCents: 0 }, 'priceCents: Price must be at least $0.01: the complimentary drink is claimed at the bar'],
      ['a price above $1,000', { priceCents: 100_001 }, 'priceCents: Price cannot be more than $1,000'],
      ['a negative stock', { available: -1 }, 'available: Stock cannot be negative'],
      ['a stock in fractions', { available: 1.5 }, 'available: Stock must be a whole number'],
      ['a stock too large', { available: 100_001 }, 'available: Stock cannot be more than 100,000'],
      ['a field the menu does not have', { colour: 'pink' }, 'Unrecognized key: "colour"'],
    ])('adding a drink with %s', async (_what, changes, message) => {
      const res = await add({ ...COOLER, ...changes }).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('several refusals at once, joined by `; `, and nothing is added', async () => {
      const res = await add({ ...COOLER, name: '', priceCents: -5 }).expect(400);
      expect(res.body.message).toBe('name: Name is required; priceCents: Price cannot be negative');
      expect((await adminMenu()).length).toBe(28);
    });

    it('an edit needs `hidden`; a reorder needs a list of distinct ids', async () => {
      const { hidden: _hidden, ...withoutHidden } = await edited('mango-lassi', {});
      expect((await edit('mango-lassi', withoutHidden).expect(400)).body.message).toBe('hidden: Required');
      expect((await edit('mango-lassi', { ...withoutHidden, hidden: 'yes' }).expect(400)).body.message).toBe(
        'hidden: Expected boolean, received string',
      );
      expect((await reorder([]).expect(400)).body.message).toBe('ids: List every drink of the menu');
      expect((await reorder(['mango-lassi', 'mango-lassi']).expect(400)).body.message).toBe('ids: Each drink may be listed once');
      expect((await t.http.put('/api/admin/drinks-menu/order').set('Cookie', manager).send({}).expect(400)).body.message).toBe(
        'ids: Required',
      );
    });

    it('an edit of a drink that does not exist is a 404', async () => {
      const body = await edited('mango-lassi', {});
      await edit('no-such-drink', body).expect(404, { message: 'No such drink' });
    });
  });

  describe('adding, editing, hiding and reordering', () => {
    it('adds a drink in a new category: its id is made from the name, and guests see it at once', async () => {
      // The guests' menu is in this replica's cache now; the add must drop it.
      expect((await guestMenu()).some((drink) => drink.category === 'Festival Specials')).toBe(false);
      const res = await add({ ...COOLER, name: '  Saffron Rose Cooler ' }).expect(201);
      expect(res.body).toEqual({ id: 'saffron-rose-cooler', ...COOLER, hidden: false });

      const guests = await guestMenu();
      expect(guests.find((drink) => drink.id === 'saffron-rose-cooler')).toEqual({
        id: 'saffron-rose-cooler',
        name: 'Saffron Rose Cooler',
        description: COOLER.description,
        category: 'Festival Specials',
        price: 750,
        available: 20,
      });
      // Categories still alphabetical: the new one between Chai & Coffee and Lassis.
      const categories = [...new Set(guests.map((drink) => drink.category))];
      expect(categories).toEqual(['Beer', 'Chai & Coffee', 'Cocktails', 'Festival Specials', 'Lassis', 'Mocktails', 'Soft Drinks', 'Wine']);

      expect((await activity())[0]).toEqual(
        expect.objectContaining({
          who: 'Manager',
          object: 'Saffron Rose Cooler',
          detail: 'Added to Festival Specials at $7.50, 20 in stock',
        }),
      );
    });

    it('a guest buys the new drink, paying now or on a tab', async () => {
      const lines = [{ id: 'saffron-rose-cooler', name: 'Saffron Rose Cooler', price: 750, quantity: 2 }];
      const { orderId, paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest({ items: lines }));
      await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
      expect((await orderOf(orderId)).status).toBe('paid');
      const { tabId, tabToken } = await openTab(t);
      await t.http
        .post(`/api/drink-tab/${tabId}/orders`)
        .send(createTabOrderRequest(tabToken, { items: lines }))
        .expect(201);
      expect(drinkIn(await adminMenu(), 'saffron-rose-cooler').available).toBe(16);
    });

    it('a name whose id is taken gets `-2`; the same name twice is a 409 beside the name; a category in another case joins the existing one', async () => {
      const second = await add({ ...COOLER, name: 'Saffron & Rose Cooler', category: 'festival specials' }).expect(201);
      expect(second.body).toMatchObject({ id: 'saffron-and-rose-cooler', category: 'Festival Specials' });
      const third = await add({ ...COOLER, name: 'Saffron-Rose Cooler!' }).expect(201);
      expect(third.body.id).toBe('saffron-rose-cooler-2');

      const entries = (await activity()).length;
      expect((await add({ ...COOLER, name: 'saffron rose cooler' }).expect(409)).body.message).toBe(
        'name: There is already a drink named Saffron Rose Cooler',
      );
      // A refused change writes no activity entry (it is in the change's transaction).
      expect((await activity()).length).toBe(entries);
      // Renaming onto another drink's name is refused the same way.
      expect(
        (await edit('saffron-rose-cooler-2', await edited('saffron-rose-cooler-2', { name: 'Mango Lassi' })).expect(409)).body.message,
      ).toBe('name: There is already a drink named Mango Lassi');
      // New drinks go last in their category.
      expect((await adminMenu()).filter((drink) => drink.category === 'Festival Specials').map((drink) => drink.id)).toEqual([
        'saffron-rose-cooler',
        'saffron-and-rose-cooler',
        'saffron-rose-cooler-2',
      ]);
    });

    it('edits name, description, category and price; the stock stays as the bar has it unless sent', async () => {
      const res = await edit(
        'saffron-and-rose-cooler',
        await edited('saffron-and-rose-cooler', {
          name: 'Rose Falooda Cooler',
          description: 'With basil seeds.',
          priceCents: 825,
          category: 'Mocktails',
        }),
      ).expect(200);
      expect(res.body).toEqual({
        id: 'saffron-and-rose-cooler',
        name: 'Rose Falooda Cooler',
        description: 'With basil seeds.',
        category: 'Mocktails',
        priceCents: 825,
        available: 20,
        hidden: false,
      });
      // Moved to another category: last there.
      expect((await adminMenu()).filter((drink) => drink.category === 'Mocktails').at(-1)?.id).toBe('saffron-and-rose-cooler');
      expect((await activity())[0]).toMatchObject({
        object: 'Saffron & Rose Cooler',
        detail:
          'Name Saffron & Rose Cooler → Rose Falooda Cooler; Category Festival Specials → Mocktails; Price $7.50 → $8.25; Description changed',
      });

      const restocked = await edit('saffron-and-rose-cooler', { ...(await edited('saffron-and-rose-cooler', {})), available: 35 }).expect(
        200,
      );
      expect(restocked.body.available).toBe(35);
      expect((await activity())[0].detail).toBe('Stock 20 → 35');
      await edit('saffron-and-rose-cooler', await edited('saffron-and-rose-cooler', {})).expect(200);
      expect((await activity())[0].detail).toBe('No change');
    });

    it('a price change never changes an order already placed', async () => {
      const lines = [{ ...MENU.masalaChai, quantity: 3 }];
      const { orderId, paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest({ items: lines }));
      await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
      const before = await orderOf(orderId);

      await edit('masala-chai', await edited('masala-chai', { priceCents: 450 })).expect(200);
      try {
        const after = await orderOf(orderId);
        expect(after.lines).toEqual([{ id: 'masala-chai', name: 'Masala Chai', price: 400, quantity: 3 }]);
        expect([after.subtotalCents, after.taxCents, after.totalCents]).toEqual([before.subtotalCents, before.taxCents, before.totalCents]);
        expect(after.totalCents).toBe(priceDrinks(lines).totalCents);
        // A cart still at the old price is told the new one.
        expect(
          (
            await t.http
              .post('/api/drink-payment-intent')
              .send(createDrinkPaymentRequest({ items: lines }))
              .expect(409)
          ).body.message,
        ).toBe('The price of Masala Chai is now $4.50. Please review your cart.');
      } finally {
        await edit('masala-chai', await edited('masala-chai', { priceCents: 400 })).expect(200);
      }
    });

    it('a hidden drink leaves the guests menu at once, is refused at payment and on a tab, and comes back when shown', async () => {
      const { tabId, tabToken } = await openTab(t);
      expect((await guestMenu()).some((drink) => drink.id === 'saffron-rose-cooler')).toBe(true);
      const res = await edit('saffron-rose-cooler', await edited('saffron-rose-cooler', { hidden: true })).expect(200);
      expect(res.body).toMatchObject({ hidden: true, available: 16 });
      expect((await activity())[0]).toMatchObject({ object: 'Saffron Rose Cooler', detail: 'Shown → Hidden' });

      expect((await guestMenu()).some((drink) => drink.id === 'saffron-rose-cooler')).toBe(false);
      // Still on the manager's list, marked hidden.
      expect(drinkIn(await adminMenu(), 'saffron-rose-cooler').hidden).toBe(true);

      const lines = [{ id: 'saffron-rose-cooler', name: 'Saffron Rose Cooler', price: 750, quantity: 1 }];
      const refused = 'Saffron Rose Cooler is no longer on the menu. Please remove it from your cart.';
      expect(
        (
          await t.http
            .post('/api/drink-payment-intent')
            .send(createDrinkPaymentRequest({ items: lines }))
            .expect(409)
        ).body.message,
      ).toBe(refused);
      expect(
        (
          await t.http
            .post(`/api/drink-tab/${tabId}/orders`)
            .send(createTabOrderRequest(tabToken, { items: lines }))
            .expect(409)
        ).body.message,
      ).toBe(refused);
      // Even a cart that names it otherwise is told its name.
      expect(
        (
          await t.http
            .post('/api/drink-payment-intent')
            .send(createDrinkPaymentRequest({ items: [{ ...lines[0], name: '' }] }))
            .expect(409)
        ).body.message,
      ).toBe(refused);

      await edit('saffron-rose-cooler', await edited('saffron-rose-cooler', { hidden: false })).expect(200);
      expect((await activity())[0].detail).toBe('Hidden → Shown');
      expect((await guestMenu()).some((drink) => drink.id === 'saffron-rose-cooler')).toBe(true);
      await t.http
        .post('/api/drink-payment-intent')
        .send(createDrinkPaymentRequest({ items: lines }))
        .expect(200);
    });

    it('hiding a drink offers its name back when adding it again', async () => {
      await edit('saffron-rose-cooler-2', await edited('saffron-rose-cooler-2', { hidden: true })).expect(200);
      expect((await add({ ...COOLER, name: 'Saffron-Rose Cooler!' }).expect(409)).body.message).toBe(
        'name: There is already a drink named Saffron-Rose Cooler! (hidden: show it again instead)',
      );
    });

    it('reorders the menu: each drink takes its place in the list, within its category', async () => {
      const ids = (await adminMenu()).map((drink) => drink.id);
      // Mango Lassi (first of the lassis) one down: it swaps with Sweet Lassi.
      const at = ids.indexOf('mango-lassi');
      const next = ids[at + 1];
      expect(next).toBe('sweet-lassi');
      const moved = [...ids];
      [moved[at], moved[at + 1]] = [moved[at + 1], moved[at]];

      const res = await reorder(moved).expect(200);
      expect((res.body as AdminDrinksMenu).drinks.map((drink) => drink.id)).toEqual(moved);
      expect((await adminMenu()).map((drink) => drink.id)).toEqual(moved);
      const guestIds = (await guestMenu()).map((drink) => drink.id);
      expect(guestIds.indexOf(next)).toBeLessThan(guestIds.indexOf('mango-lassi'));
      expect((await activity())[0]).toMatchObject({
        object: 'Menu order',
        detail: 'Lassis: Sweet Lassi, Mango Lassi, Salted Cumin Lassi, Rose Pistachio Lassi',
      });

      // A list made before a drink was added (or with an unknown id) is refused: the page reloads.
      expect((await reorder(moved.filter((id) => id !== 'saffron-rose-cooler')).expect(409)).body.message).toBe(
        'The drinks menu has changed (Saffron Rose Cooler is not in the list). Reload the page and try again.',
      );
      expect((await reorder([...moved, 'ghost-drink']).expect(409)).body.message).toBe(
        'The drinks menu has changed (no drink has the id ghost-drink). Reload the page and try again.',
      );
      await reorder(ids).expect(200);
      const restored = (await guestMenu()).map((drink) => drink.id);
      expect(restored.indexOf('mango-lassi')).toBeLessThan(restored.indexOf(next));
    });
  });

  it('is the manager’s only: a bar or door device gets 403 and changes nothing, a guest 401', async () => {
    const bar = await deviceCookie(t, manager, 'Bar tablet', 'bar');
    const door = await deviceCookie(t, manager, 'Door phone', 'door');
    const before = await adminMenu();
    const body = await edited('mango-lassi', { priceCents: 1 });
    for (const cookie of [bar, door]) {
      await t.http.get('/api/admin/drinks-menu').set('Cookie', cookie).expect(403);
      await t.http.post('/api/admin/drinks-menu').set('Cookie', cookie).send(COOLER).expect(403);
      await t.http.put('/api/admin/drinks-menu/mango-lassi').set('Cookie', cookie).send(body).expect(403);
      await t.http
        .put('/api/admin/drinks-menu/order')
        .set('Cookie', cookie)
        .send({ ids: before.map((d) => d.id) })
        .expect(403);
    }
    await t.http.get('/api/admin/drinks-menu').expect(401);
    await t.http.post('/api/admin/drinks-menu').send(COOLER).expect(401);
    expect(await adminMenu()).toEqual(before);
    // The bar still sets stock, hidden drinks included.
    await t.http.patch('/api/admin/drinks/saffron-rose-cooler-2').set('Cookie', bar).send({ available: 3 }).expect(200);
    expect(drinkIn(await adminMenu(), 'saffron-rose-cooler-2')).toMatchObject({ available: 3, hidden: true });
  });

  async function orderOf(id: string): Promise<DrinkOrderEntity> {
    return t.dataSource.getRepository(DrinkOrderEntity).findOneByOrFail({ id });
  }
});

describe(`the Drinks menu across replicas on ${TEST_DATABASE}`, () => {
  it('another replica on the same database leaves a hidden drink out within seconds, and refuses it at once', async () => {
    const a = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    const sameDatabase: Record<string, string> = a.config.database.type === 'sqlite' ? { SQLITE_PATH: a.config.database.path } : {};
    const b = await createTestApp({ ADMIN_PASSWORD: PASSWORD, ...sameDatabase }, { keepDatabase: true });
    try {
      const onB = async () => ((await b.http.get('/api/drinks').expect(200)).body as Drink[]).some((drink) => drink.id === 'mango-lassi');
      expect(await onB()).toBe(true);
      const cookie = await managerCookie(a, PASSWORD);
      const mango = ((await a.http.get('/api/admin/drinks-menu').set('Cookie', cookie).expect(200)).body as AdminDrinksMenu).drinks.find(
        (drink) => drink.id === 'mango-lassi',
      )!;
      const { id: _id, available: _available, ...body } = mango;
      await a.http
        .put('/api/admin/drinks-menu/mango-lassi')
        .set('Cookie', cookie)
        .send({ ...body, hidden: true })
        .expect(200);
      // B reads the drink itself when pricing: refused at once.
      await b.http.post('/api/drink-payment-intent').send(createDrinkPaymentRequest()).expect(409);
      const changedAt = Date.now();
      while (await onB()) {
        if (Date.now() - changedAt > 10_000) throw new Error('replica B still lists the hidden drink after 10 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(Date.now() - changedAt).toBeLessThan(3_000);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
