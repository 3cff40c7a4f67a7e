import { randomUUID } from 'node:crypto';
import type {
  ActivityEntry,
  AdminTicketType,
  AdminTicketTypesResponse,
  GuestMeal,
  KitchenCounts,
  MealSettings,
  PartyGuest,
  PartyOrderDetails,
  PublicTicketType,
  SiteConfig,
  TicketTypeInput,
} from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { PartyOrderGuestEntity } from '../src/modules/tickets/meals/party-order-guest.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'meals-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const MEALS: MealSettings = {
  options: ['Vegetarian', 'Non-vegetarian', 'Jain'],
  allergens: ['peanuts', 'tree nuts', 'dairy', 'gluten', 'shellfish'],
  choicesCloseAt: null,
};

let addresses = 0;
const nextAddress = () => `192.0.2.${(addresses += 1)}`;
const veg = (overrides: Partial<PartyGuest> = {}): PartyGuest => ({ meal: 'Vegetarian', allergens: [], ...overrides });

describe(`meals and dietary needs, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;
  let door: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url });
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Front door', 'door');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const saveMeals = (body: object, cookie = manager) => t.http.put('/api/admin/settings/meals').set('Cookie', cookie).send(body);
  const kitchen = async (cookie = manager): Promise<KitchenCounts> =>
    (await t.http.get('/api/admin/kitchen').set('Cookie', cookie).expect(200)).body as KitchenCounts;
  const orderCount = () => t.dataSource.getRepository(PartyOrderEntity).count();
  const guestRowCount = () => t.dataSource.getRepository(PartyOrderGuestEntity).count();
  const hold = (email: string, fields: Parameters<typeof createPartyOrderRequest>[0] = {}) =>
    t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: email, ...fields }));
  const details = async (orderId: string): Promise<PartyOrderDetails> =>
    (await t.http.get(`/api/admin/party-orders/${orderId}`).set('Cookie', manager).expect(200)).body as PartyOrderDetails;
  const activity = async (action: string): Promise<ActivityEntry[]> =>
    (await t.http.get(`/api/admin/activity?action=${action}&pageSize=200`).set('Cookie', manager).expect(200)).body.items;
  const countOf = (counts: KitchenCounts, option: string) => counts.meals.find((m) => m.option === option)?.count ?? 0;
  const sentTo = (email: string): ReceivedMail[] => sink.messages.filter((m) => m.envelopeTo.includes(email));
  async function mailTo(email: string): Promise<ReceivedMail> {
    const deadline = Date.now() + 10_000;
    while (sentTo(email).length === 0) {
      if (Date.now() > deadline) throw new Error(`No e-mail to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return sentTo(email)[0]!;
  }

  /** A paid order (2 adults, 1 child unless told) with these meal rows. */
  async function buy(email: string, guests: PartyGuest[], tickets: Parameters<typeof createPartyOrderRequest>[0] = {}) {
    const held = await hold(email, { ...tickets, guests }).expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    const receipt = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'party_ticket', clientSecret: held.body.clientSecret })
      .expect(200);
    return { orderId: held.body.orderId as string, receipt: receipt.body as { status: string; guests?: GuestMeal[] } };
  }

  it('a season without meal options asks none: an order without guests is taken, /api/site has no meals, and guest rows are refused', async () => {
    const settings = (await t.http.get('/api/admin/settings/meals').set('Cookie', manager).expect(200)).body as MealSettings;
    expect(settings).toEqual({ options: [], allergens: [], choicesCloseAt: null });
    expect(((await t.http.get('/api/site').expect(200)).body as SiteConfig).party.meals).toBeUndefined();

    await hold('no-meals@example.com').expect(200);
    const before = await orderCount();
    const refused = await hold('no-meals-rows@example.com', { guests: [veg(), veg(), veg()] }).expect(400);
    expect(refused.body.message).toBe('guests: This party asks no meals; send no guest rows');
    expect(await orderCount()).toBe(before);
  });

  it('the manager saves the Meals section (logged, shown in /api/site); a bad section is a 400 by field; the door cannot save it', async () => {
    const duplicate = await saveMeals({ ...MEALS, options: ['Vegetarian', 'vegetarian'] }).expect(400);
    expect(duplicate.body.message).toBe('options.1: Meal option vegetarian is listed twice');
    const badClose = await saveMeals({ ...MEALS, choicesCloseAt: 'tomorrow' }).expect(400);
    expect(badClose.body.message).toMatch(/^choicesCloseAt: Meal choices close must be a date and time/);

    const refused = await saveMeals(MEALS, door).expect(403);
    expect(refused.body.message).toBeTruthy();
    expect((await t.http.get('/api/admin/settings/meals').set('Cookie', manager).expect(200)).body.options).toEqual([]);
    await t.http.get('/api/admin/settings/meals').set('Cookie', door).expect(403);

    expect((await saveMeals(MEALS).expect(200)).body).toEqual(MEALS);
    const [entry] = (await activity('settings.change')).filter((e) => e.object === 'Meals');
    expect(entry.detail).toBe(
      'Meal options none → Vegetarian, Non-vegetarian, Jain; Allergens none → peanuts, tree nuts, dairy, gluten, shellfish',
    );
    const site = (await t.http.get('/api/site').expect(200)).body as SiteConfig;
    expect(site.party.meals).toEqual(MEALS);
  });

  it('refuses a missing meal, an unknown meal, an unknown allergen and the wrong number of rows with a 400 by field, creating nothing', async () => {
    const before = { orders: await orderCount(), rows: await guestRowCount() };
    const cases: [PartyGuest[] | undefined, string][] = [
      [undefined, 'guests: Choose a meal for each of the 3 guests (0 given)'],
      [[veg(), veg()], 'guests: Choose a meal for each of the 3 guests (2 given)'],
      [[veg(), veg(), veg(), veg()], 'guests: Choose a meal for each of the 3 guests (4 given)'],
      [[veg(), veg({ meal: '' }), veg()], 'guests.1.meal: Choose a meal'],
      [[veg(), veg(), veg({ meal: 'Vegan' })], 'guests.2.meal: Choose a meal: Vegetarian, Non-vegetarian or Jain'],
      [[veg({ allergens: ['peanuts', 'sesame'] }), veg(), veg()], 'guests.0.allergens: Unknown allergen sesame'],
    ];
    for (const [guests, message] of cases) {
      const refused = await hold(`refused-${randomUUID().slice(0, 8)}@example.com`, { guests }).expect(400);
      expect(refused.body.message).toBe(message);
    }
    expect(await orderCount()).toBe(before.orders);
    expect(await guestRowCount()).toBe(before.rows);
  });

  it('stores each seat’s meal, shows it on the receipt, the e-mail and the order details, and counts paid seats in the kitchen (door staff read it)', async () => {
    const before = await kitchen();
    const email = 'meals.family@example.com';
    const { orderId, receipt } = await buy(email, [
      { name: 'Asha', meal: 'Jain', allergens: ['peanuts'], note: 'No onion or garlic' },
      { meal: 'Vegetarian', allergens: [] },
      { name: 'Kiran', meal: 'Non-vegetarian', allergens: [] },
    ]);
    expect(receipt.guests).toEqual([
      { seat: 1, name: 'Asha', meal: 'Jain', allergens: ['peanuts'], note: 'No onion or garlic', late: false },
      { seat: 2, name: null, meal: 'Vegetarian', allergens: [], note: null, late: false },
      { seat: 3, name: 'Kiran', meal: 'Non-vegetarian', allergens: [], note: null, late: false },
    ]);
    const mail = await mailTo(email);
    expect(mail.parsed.text).toContain(
      'Meals:\nGuest 1, Asha: Jain (peanuts; No onion or garlic)\nGuest 2: Vegetarian\nGuest 3, Kiran: Non-vegetarian\n',
    );
    expect((await details(orderId)).guests).toEqual(receipt.guests);
    // The door's guest search shows each guest's meal and allergens.
    const found = await t.http.get('/api/admin/check-ins/search?q=meals.family').set('Cookie', door).expect(200);
    expect(found.body.results).toEqual([expect.objectContaining({ orderId, meals: receipt.guests })]);

    // An unpaid hold with meals counts for nothing in the kitchen.
    await hold('meals.unpaid@example.com', { guests: [veg(), veg(), veg()] }).expect(200);

    const after = await kitchen(door);
    expect(countOf(after, 'Jain')).toBe(countOf(before, 'Jain') + 1);
    expect(countOf(after, 'Vegetarian')).toBe(countOf(before, 'Vegetarian') + 1);
    expect(countOf(after, 'Non-vegetarian')).toBe(countOf(before, 'Non-vegetarian') + 1);
    expect(after.allergies).toContainEqual({
      orderId,
      reference: orderId.slice(0, 8).toUpperCase(),
      seat: 1,
      guest: 'Asha',
      meal: 'Jain',
      allergens: ['peanuts'],
      note: 'No onion or garlic',
      late: false,
    });
    expect(after.meals.map((m) => m.option).slice(0, 3)).toEqual(MEALS.options);
    expect(after.seats).toBe(before.seats + 3);
  });

  it('a comp has no meal rows and counts as Not chosen until the manager picks its meals; a refunded child ticket takes its own seat off', async () => {
    const before = await kitchen();
    const comp = await t.http
      .post('/api/admin/party-orders/comps')
      .set('Cookie', manager)
      .send({
        customerName: 'Lakshmi Iyer',
        customerEmail: 'comp.meals@example.com',
        adults: 2,
        children: 0,
        reason: 'Chef family',
        requestId: randomUUID(),
      })
      .expect(200);
    const compId = (comp.body as PartyOrderDetails).id;
    expect((comp.body as PartyOrderDetails).guests).toEqual([]);
    const withComp = await kitchen();
    expect(countOf(withComp, 'Not chosen')).toBe(countOf(before, 'Not chosen') + 2);

    const { orderId } = await buy('meals.refund@example.com', [veg(), veg({ meal: 'Jain' }), veg({ meal: 'Jain', allergens: ['dairy'] })]);
    const bought = await kitchen();
    expect(countOf(bought, 'Jain')).toBe(countOf(withComp, 'Jain') + 2);
    // Refunding one ticket (the child) takes seat 3 off the kitchen's counts.
    await t.http
      .post(`/api/admin/party-orders/${orderId}/refunds`)
      .set('Cookie', manager)
      .send({ adults: 0, children: 1, idempotencyKey: randomUUID() })
      .expect(200);
    const refunded = await kitchen();
    expect(countOf(refunded, 'Jain')).toBe(countOf(withComp, 'Jain') + 1);
    expect(countOf(refunded, 'Vegetarian')).toBe(countOf(withComp, 'Vegetarian') + 1);
    expect(refunded.allergies.some((a) => a.orderId === orderId)).toBe(false);
    expect(refunded.seats).toBe(withComp.seats + 2);

    // The manager picks the comp's first guest's meal: Not chosen goes down by one.
    const changed = await t.http
      .put(`/api/admin/party-orders/${compId}/guests/1`)
      .set('Cookie', manager)
      .send({ name: 'Lakshmi', meal: 'Jain', allergens: ['shellfish'] })
      .expect(200);
    expect(changed.body).toEqual([{ seat: 1, name: 'Lakshmi', meal: 'Jain', allergens: ['shellfish'], note: null, late: false }]);
    const picked = await kitchen();
    expect(countOf(picked, 'Not chosen')).toBe(countOf(refunded, 'Not chosen') - 1);
    expect(countOf(picked, 'Jain')).toBe(countOf(refunded, 'Jain') + 1);
  });

  it('a meal change by staff is checked, recorded in the activity log and on the order’s timeline; late after meal choices close; the door cannot change it', async () => {
    const { orderId } = await buy('meals.change@example.com', [veg(), veg(), veg()]);
    const seat = (n: number | string, body: object, cookie = manager) =>
      t.http.put(`/api/admin/party-orders/${orderId}/guests/${n}`).set('Cookie', cookie).send(body);

    expect((await seat(4, veg()).expect(400)).body.message).toBe("seat: Seat must be from 1 to 3, the order's seats");
    expect((await seat(2, veg({ meal: 'Vegan' })).expect(400)).body.message).toBe(
      'meal: Choose a meal: Vegetarian, Non-vegetarian or Jain',
    );
    expect((await seat(2, veg({ allergens: ['sesame'] })).expect(400)).body.message).toBe('allergens: Unknown allergen sesame');
    await seat(2, { meal: 'Jain', allergens: ['gluten'] }, door).expect(403);

    const changed = await seat(2, { meal: 'Jain', allergens: ['gluten'], note: 'Coeliac' }).expect(200);
    expect((changed.body as GuestMeal[])[1]).toEqual({
      seat: 2,
      name: null,
      meal: 'Jain',
      allergens: ['gluten'],
      note: 'Coeliac',
      late: false,
    });
    const logged = (await activity('ticket.meal')).filter((e) => e.object?.includes(orderId.slice(0, 8).toUpperCase()));
    expect(logged).toEqual([
      expect.objectContaining({ who: 'Manager', detail: 'Seat 2: Vegetarian (allergens none) → Jain (allergens gluten)' }),
    ]);
    expect((await details(orderId)).timeline).toContainEqual(
      expect.objectContaining({ kind: 'edited', detail: 'Seat 2: Vegetarian (allergens none) → Jain (allergens gluten)' }),
    );

    // After meal choices close the change is still made, and marked late for the kitchen.
    await saveMeals({ ...MEALS, choicesCloseAt: new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00') }).expect(200);
    const lateBefore = (await kitchen()).meals.find((m) => m.option === 'Non-vegetarian')!;
    const late = await seat(3, { meal: 'Non-vegetarian', allergens: [] }).expect(200);
    expect((late.body as GuestMeal[])[2]).toMatchObject({ meal: 'Non-vegetarian', late: true });
    const counts = await kitchen();
    expect(counts.meals.find((m) => m.option === 'Non-vegetarian')).toEqual({
      option: 'Non-vegetarian',
      count: lateBefore.count + 1,
      late: lateBefore.late + 1,
    });
    expect((await activity('ticket.meal'))[0].detail).toBe(
      'Seat 3: Vegetarian (allergens none) → Non-vegetarian (allergens none); after meal choices closed',
    );

    // Orders are still taken after the close, their rows late.
    const { receipt } = await buy('meals.late@example.com', [veg()], { adultTickets: 1, childTickets: 0 });
    expect(receipt.guests).toEqual([{ seat: 1, name: null, meal: 'Vegetarian', allergens: [], note: null, late: true }]);
  });

  it('lays out a table’s seats together after the adults and children: Kitchen Counts totals each table ticket, and a refund takes off the seats of the ticket refunded', async () => {
    const { types } = (await t.http.get('/api/admin/ticket-types').set('Cookie', manager).expect(200)).body as AdminTicketTypesResponse;
    const asInput = ({ taken: _taken, builtIn: _builtIn, ...type }: AdminTicketType): TicketTypeInput => type;
    await t.http
      .put('/api/admin/ticket-types')
      .set('Cookie', manager)
      .send({ types: [...types.map(asInput), { name: 'Family Table', description: 'Four seats together', price: 15000, seats: 4 }] })
      .expect(200);
    const table = ((await t.http.get('/api/party-ticket-types').expect(200)).body as { types: PublicTicketType[] }).types.find(
      (type) => type.name === 'Family Table',
    )!;
    const tickets = { adultTickets: 1, childTickets: 0, items: [{ typeId: table.id, quantity: 2 }] };
    const quote = (await t.http.post('/api/party-quote').send(tickets).expect(200)).body as { totalCents: number };
    // Seat 1 is the adult; seats 2 to 5 the first table, 6 to 9 the second.
    const guests = [
      veg({ name: 'Priya' }),
      veg(),
      veg(),
      veg({ meal: 'Non-vegetarian' }),
      veg({ meal: 'Non-vegetarian', allergens: ['shellfish'] }),
      ...Array.from({ length: 4 }, () => veg({ meal: 'Jain' })),
    ];
    const before = await kitchen();
    const { orderId } = await buy('meals.tables@example.com', guests, { ...tickets, totalAmount: quote.totalCents });
    const reference = orderId.slice(0, 8).toUpperCase();
    const bought = await kitchen();
    expect(bought.seats).toBe(before.seats + 9);
    expect(bought.tables.filter((row) => row.orderId === orderId)).toEqual([
      {
        orderId,
        reference,
        buyer: 'Asha Raman',
        ticket: 'Family Table 1',
        seats: 4,
        meals: [
          { option: 'Vegetarian', count: 2 },
          { option: 'Non-vegetarian', count: 2 },
        ],
      },
      { orderId, reference, buyer: 'Asha Raman', ticket: 'Family Table 2', seats: 4, meals: [{ option: 'Jain', count: 4 }] },
    ]);
    expect(bought.allergies.filter((row) => row.orderId === orderId)).toEqual([
      expect.objectContaining({ seat: 5, guest: 'Asha Raman, seat 5', meal: 'Non-vegetarian', allergens: ['shellfish'] }),
    ]);

    const refund = (body: object) =>
      t.http
        .post(`/api/admin/party-orders/${orderId}/refunds`)
        .set('Cookie', manager)
        .send({ adults: 0, children: 0, idempotencyKey: randomUUID(), ...body })
        .expect(200);
    // Refunding the adult takes seat 1 off, not a table's last seat.
    await refund({ adults: 1 });
    const noAdult = await kitchen();
    expect(countOf(noAdult, 'Vegetarian')).toBe(countOf(bought, 'Vegetarian') - 1);
    expect(noAdult.tables.filter((row) => row.orderId === orderId)).toEqual(bought.tables.filter((row) => row.orderId === orderId));
    // Refunding one table takes the last table's four seats off.
    await refund({ items: [{ typeId: table.id, quantity: 1 }] });
    const oneTable = await kitchen();
    expect(countOf(oneTable, 'Jain')).toBe(countOf(bought, 'Jain') - 4);
    expect(oneTable.seats).toBe(before.seats + 4);
    expect(oneTable.tables.filter((row) => row.orderId === orderId).map((row) => row.ticket)).toEqual(['Family Table 1']);

    const seat = (n: number) => t.http.put(`/api/admin/party-orders/${orderId}/guests/${n}`).set('Cookie', manager).send(veg());
    expect((await seat(1).expect(400)).body.message).toBe("seat: Seat 1's ticket was refunded");
    expect((await seat(6).expect(400)).body.message).toBe("seat: Seat 6's ticket was refunded");
    expect((await seat(10).expect(400)).body.message).toBe("seat: Seat must be from 1 to 9, the order's seats");
    await t.http
      .put(`/api/admin/party-orders/${orderId}/guests/4`)
      .set('Cookie', manager)
      .send(veg({ meal: 'Jain' }))
      .expect(200);
    expect((await kitchen()).tables.find((row) => row.orderId === orderId)!.meals).toEqual([
      { option: 'Vegetarian', count: 2 },
      { option: 'Non-vegetarian', count: 1 },
      { option: 'Jain', count: 1 },
    ]);

    // The table type is hidden again, so the party after this sells adults and children only.
    const saved = (await t.http.get('/api/admin/ticket-types').set('Cookie', manager).expect(200)).body as AdminTicketTypesResponse;
    await t.http
      .put('/api/admin/ticket-types')
      .set('Cookie', manager)
      .send({ types: saved.types.map((type) => ({ ...asInput(type), hidden: type.builtIn === null ? true : type.hidden })) })
      .expect(200);
  });

  it('clearing the meal options gives back the party without meals', async () => {
    await saveMeals({ options: [], allergens: [], choicesCloseAt: null }).expect(200);
    expect(((await t.http.get('/api/site').expect(200)).body as SiteConfig).party.meals).toBeUndefined();
    await hold('meals.cleared@example.com').expect(200);
  });
});
