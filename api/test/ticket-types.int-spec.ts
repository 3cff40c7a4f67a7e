import {
  DEFAULT_SITE_CONFIG,
  priceParty,
  type AdminTicketType,
  type AdminTicketTypesResponse,
  type PartyOrderRequest,
  type PublicTicketType,
  type TicketTypeInput,
} from '@festival/contracts';
import { BuiltInTicketTypes1764002100000 } from '../src/database/migrations/1764002100000-built-in-ticket-types.js';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { PartyOrderItemEntity } from '../src/modules/tickets/party-order-item.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'ticket-types-staff-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const HOUR = 3_600_000;

/** What the staff's form sends back for a saved type: the whole type, changes applied. */
const asInput = (
  { taken: _taken, builtIn: _builtIn, ...type }: AdminTicketType,
  changes: Partial<TicketTypeInput> = {},
): TicketTypeInput => ({
  ...type,
  ...changes,
});

describe(`ticket types on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', HOLD_TICKETS_PER_ADDRESS: '60' });
    manager = await managerCookie(t, PASSWORD);
    // The party is on tonight, so the door admits.
    await t.app.get(SiteService).update({
      ...DEFAULT_SITE_CONFIG,
      party: {
        ...DEFAULT_SITE_CONFIG.party,
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
      },
    });
  });
  afterAll(() => t.close());

  const adminTypes = async (): Promise<AdminTicketTypesResponse> =>
    (await t.http.get('/api/admin/ticket-types').set('Cookie', manager).expect(200)).body as AdminTicketTypesResponse;
  const publicTypes = async (): Promise<PublicTicketType[]> =>
    ((await t.http.get('/api/party-ticket-types').expect(200)).body as { types: PublicTicketType[] }).types;
  const saveTypes = (types: TicketTypeInput[]) => t.http.put('/api/admin/ticket-types').set('Cookie', manager).send({ types });
  const orderCount = () => t.dataSource.getRepository(PartyOrderEntity).count();
  /** A buyer of their own (e-mail and address), asking for `body`'s tickets. */
  const start = (body: Partial<PartyOrderRequest>) => {
    buyers += 1;
    return t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', `198.51.100.${(buyers % 250) + 1}`)
      .send({ ...createPartyOrderRequest({ customerEmail: `types.buyer${buyers}@example.com` }), ...body });
  };
  async function pay(clientSecret: string): Promise<void> {
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
  }
  const remaining = async (): Promise<number> => (await t.http.get('/api/party-ticket-stats').expect(200)).body.remaining;

  it('gives a season that lacks a built-in type its row in the migration, and leaves the rows there alone', async () => {
    const builtIns = async () =>
      (
        (await t.dataSource.query('SELECT builtIn, name, position FROM ticket_types WHERE builtIn IS NOT NULL ORDER BY position')) as {
          builtIn: string;
          name: string;
          position: number;
        }[]
      ).map((row) => ({ ...row, position: Number(row.position) }));
    const made = [
      { builtIn: 'adult', name: 'Adult', position: -2 },
      { builtIn: 'child', name: 'Child', position: -1 },
    ];
    expect(await builtIns()).toEqual(made);
    await t.dataSource.query("DELETE FROM ticket_types WHERE builtIn = 'child'");
    const runner = t.dataSource.createQueryRunner();
    try {
      await new BuiltInTicketTypes1764002100000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await builtIns()).toEqual(made);
    expect((await publicTypes()).map((type) => type.name)).toEqual(['Adult', 'Child']);
  });

  it('starts every season with Adult and Child at the Tickets prices, and the party page keeps its two counters', async () => {
    const { types } = await adminTypes();
    expect(types.map(({ id: _id, ...type }) => type)).toEqual([
      expect.objectContaining({
        builtIn: 'adult',
        name: 'Adult',
        description: 'Ages 10 and over',
        price: 4999,
        seats: 1,
        capacity: null,
        hidden: false,
        taken: 0,
      }),
      expect.objectContaining({
        builtIn: 'child',
        name: 'Child',
        description: 'Ages 5 to 9 (under 5 free)',
        price: 2999,
        seats: 1,
        priceSteps: [],
      }),
    ]);
    expect((await t.http.get('/api/site').expect(200)).body.party).not.toHaveProperty('sellsTicketTypes');
    expect((await publicTypes()).map((type) => [type.name, type.price, type.remaining, type.onSale])).toEqual([
      ['Adult', 4999, 200, true],
      ['Child', 2999, 200, true],
    ]);
  });

  it('sells a VIP table for 8 at its own price within its own capacity: the server prices it, capacity and the door count 8', async () => {
    const { types } = await adminTypes();
    await saveTypes([
      ...types.map((type) => asInput(type)),
      { name: 'VIP Table', description: 'A table for eight by the stage', price: 40000, seats: 8, capacity: 2 },
    ]).expect(200);
    expect((await t.http.get('/api/site').expect(200)).body.party.sellsTicketTypes).toBe(true);
    const vip = (await publicTypes()).find((type) => type.name === 'VIP Table')!;
    expect(vip).toMatchObject({ price: 40000, seats: 8, remaining: 2, onSale: true, builtIn: null });

    const before = await remaining();
    const price = priceParty({
      adultTickets: 0,
      childTickets: 0,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
      extraLines: [{ quantity: 1, unitPriceCents: 40000 }],
    });
    // The server's total: $400.00 plus 9.38 % tax.
    expect(price.totalCents).toBe(43752);
    const held = await start({
      adultTickets: 0,
      childTickets: 0,
      items: [{ typeId: vip.id, quantity: 1 }],
      totalAmount: price.totalCents,
    }).expect(200);
    await pay(held.body.clientSecret);
    const order = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: held.body.orderId });
    expect(order).toMatchObject({ status: 'paid', totalCents: 43752, subtotalCents: 40000, extraSeats: 8 });
    expect(await t.dataSource.getRepository(PartyOrderItemEntity).findBy({ orderId: order.id })).toEqual([
      expect.objectContaining({ typeId: vip.id, name: 'VIP Table', seats: 8, quantity: 1, unitPriceCents: 40000, refundedQuantity: 0 }),
    ]);
    expect(await remaining()).toBe(before - 8);
    expect((await publicTypes()).find((type) => type.id === vip.id)!.remaining).toBe(1);

    // The door admits 8 people on the table's one code, and not a 9th.
    const door = await deviceCookie(t, manager, 'Door 1', 'door');
    const code = t.app.get(TicketCodes).codeFor(order.id);
    const admitted = await t.http.post('/api/admin/check-ins').set('Cookie', door).send({ code, guests: 8 }).expect(200);
    expect(admitted.body).toMatchObject({ result: 'admitted', admitted: 8, entering: 8, total: 8 });
    const ninth = await t.http.post('/api/admin/check-ins').set('Cookie', door).send({ code, guests: 1 }).expect(200);
    expect(ninth.body).toMatchObject({ result: 'already_checked_in', admitted: 8, entering: 0, total: 8 });
  });

  it('holds exactly 5 tickets of a type with capacity 5 for 30 buyers at once', async () => {
    const { types } = await adminTypes();
    const saved = await saveTypes([
      ...types.map((type) => asInput(type)),
      { name: 'Family Bundle', description: 'Two adults, two children', price: 15000, seats: 4, capacity: 5 },
    ]).expect(200);
    const bundle = (saved.body as AdminTicketTypesResponse).types.find((type) => type.name === 'Family Bundle')!;
    const total = priceParty({
      adultTickets: 0,
      childTickets: 0,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
      extraLines: [{ quantity: 1, unitPriceCents: 15000 }],
    }).totalCents;
    const ordersBefore = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        start({ adultTickets: 0, childTickets: 0, items: [{ typeId: bundle.id, quantity: 1 }], totalAmount: total }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    const refused = answers.filter((res) => res.status !== 200);
    expect(new Set(refused.map((res) => `${res.status} ${res.body.message}`))).toEqual(new Set(['409 Family Bundle tickets are sold out']));
    expect(await orderCount()).toBe(ordersBefore + 5);
    expect((await adminTypes()).types.find((type) => type.id === bundle.id)!.taken).toBe(5);
  });

  it('charges the early-bird price of the intent when the step ends before the payment', async () => {
    const { types } = await adminTypes();
    const adult = types.find((type) => type.builtIn === 'adult')!;
    const until = new Date(Date.now() + 4_000).toISOString();
    await saveTypes(types.map((type) => asInput(type, type.id === adult.id ? { priceSteps: [{ until, price: 3999 }] } : {}))).expect(200);
    const shown = (await publicTypes()).find((type) => type.id === adult.id)!;
    expect(shown).toMatchObject({ price: 3999, nextPrice: { price: 4999, from: until } });

    const early = priceParty({ adultTickets: 2, childTickets: 0, adultPriceCents: 3999, childPriceCents: 2999, promoPercent: 0 });
    const held = await start({ adultTickets: 2, childTickets: 0, totalAmount: early.totalCents }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(until) - Date.now()) + 200));
    expect((await publicTypes()).find((type) => type.id === adult.id)).toMatchObject({ price: 4999 });
    await pay(held.body.clientSecret);
    expect(await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: held.body.orderId })).toMatchObject({
      status: 'paid',
      adultPriceCents: 3999,
      totalCents: early.totalCents,
    });
    // A new buyer now pays the type's price: the early-bird total is refused.
    const late = await start({ adultTickets: 2, childTickets: 0, totalAmount: early.totalCents }).expect(409);
    expect(late.body.message).toMatch(/^The price has changed: the total is now \$/);
  });

  it('refuses a wrong total, a hidden type, a type off sale and a type of no season, and holds nothing', async () => {
    const { types } = await adminTypes();
    await saveTypes([
      ...types.map((type) => asInput(type, { priceSteps: [] })),
      { name: 'Late Night', description: 'After 10 pm', price: 2000, seats: 1, salesStart: new Date(Date.now() + 48 * HOUR).toISOString() },
      { name: 'Backstage', description: 'Staff only', price: 1000, seats: 1, hidden: true },
    ]).expect(200);
    const all = (await adminTypes()).types;
    const late = all.find((type) => type.name === 'Late Night')!;
    const hidden = all.find((type) => type.name === 'Backstage')!;
    expect((await publicTypes()).map((type) => type.name)).not.toContain('Backstage');
    expect((await publicTypes()).find((type) => type.id === late.id)).toMatchObject({ onSale: false });
    const totalOf = (unitPriceCents: number) =>
      priceParty({
        adultTickets: 0,
        childTickets: 0,
        adultPriceCents: 4999,
        childPriceCents: 2999,
        promoPercent: 0,
        extraLines: [{ quantity: 1, unitPriceCents }],
      }).totalCents;
    const before = await orderCount();

    const wrong = await start({ adultTickets: 0, childTickets: 0, items: [{ typeId: late.id, quantity: 1 }], totalAmount: 1 }).expect(409);
    expect(wrong.body.message).toMatch(/^Late Night tickets go on sale on /);
    // A Tamil page reads it in Tamil, the date too, with the code the party page knows it by.
    const tamil = await start({ adultTickets: 0, childTickets: 0, items: [{ typeId: late.id, quantity: 1 }], totalAmount: 1 })
      .set('Accept-Language', 'ta')
      .expect(409);
    expect(tamil.body).toEqual({
      message: expect.stringMatching(/^Late Night டிக்கெட் விற்பனை .+ அன்று தொடங்கும்$/),
      code: 'tickets-changed.type-not-yet',
    });
    expect(tamil.body.message).not.toMatch(/[A-Za-z]{4,} \d/);
    const hiddenAnswer = await start({
      adultTickets: 0,
      childTickets: 0,
      items: [{ typeId: hidden.id, quantity: 1 }],
      totalAmount: totalOf(1000),
    }).expect(409);
    expect(hiddenAnswer.body.message).toBe('Backstage tickets are not on sale');
    const unknown = await start({ adultTickets: 1, childTickets: 0, items: [{ typeId: 999999, quantity: 1 }], totalAmount: 1 }).expect(400);
    expect(unknown.body.message).toBe('Ticket type 999999 is not on sale for this party');
    const unknownHindi = await start({ adultTickets: 1, childTickets: 0, items: [{ typeId: 999999, quantity: 1 }], totalAmount: 1 })
      .set('Accept-Language', 'hi')
      .expect(400);
    expect(unknownHindi.body).toEqual({ message: 'टिकट का प्रकार 999999 इस पार्टी के लिए बिक्री पर नहीं है', code: 'tickets.type-gone' });
    const adultOnly = priceParty({ adultTickets: 1, childTickets: 0, adultPriceCents: 4999, childPriceCents: 2999, promoPercent: 0 });
    const mispriced = await start({ adultTickets: 1, childTickets: 0, totalAmount: adultOnly.totalCents - 1 }).expect(409);
    expect(mispriced.body.message).toBe(
      `The price has changed: the total is now $${(adultOnly.totalCents / 100).toFixed(2)}. Please review your order.`,
    );
    expect(await orderCount()).toBe(before);
  });

  it('refuses deleting a type with sales, a capacity below its sales, dropping or widening a built-in type, and changes nothing', async () => {
    const before = await adminTypes();
    const vip = before.types.find((type) => type.name === 'VIP Table')!;
    const others = before.types.filter((type) => type.id !== vip.id).map((type) => asInput(type));
    expect((await saveTypes(others).expect(409)).body.message).toBe(
      'VIP Table has 1 ticket sold or held and cannot be deleted: hide it instead',
    );
    const cut = before.types.map((type) => asInput(type, type.id === vip.id ? { capacity: 0 } : {}));
    expect((await saveTypes(cut).expect(409)).body.message).toBe('VIP Table: capacity cannot be below the 1 ticket already sold or held');
    const withoutChild = before.types.filter((type) => type.builtIn !== 'child').map((type) => asInput(type));
    expect((await saveTypes(withoutChild).expect(409)).body.message).toBe('Child tickets are built in: hide them instead');
    const wideAdult = before.types.map((type) => asInput(type, type.builtIn === 'adult' ? { seats: 2 } : {}));
    expect((await saveTypes(wideAdult).expect(400)).body.message).toBe('Adult and child tickets admit one person each');
    const foreign = [...before.types.map((type) => asInput(type)), { id: 424242, name: 'Ghost', description: '', price: 100, seats: 1 }];
    expect((await saveTypes(foreign).expect(400)).body.message).toBe("Ticket type 424242 is not one of this season's");
    const invalid = await saveTypes([{ name: '', description: '', price: -1, seats: 0 }]).expect(400);
    expect(invalid.body.message).toContain('Name cannot be empty');
    expect(await adminTypes()).toEqual(before);
  });

  it('refunds a table of an order by itself for its share, puts its 8 seats back on sale, then the rest to the cent', async () => {
    const { types } = await adminTypes();
    const vip = types.find((type) => type.name === 'VIP Table')!;
    await saveTypes(types.map((type) => asInput(type, type.id === vip.id ? { capacity: 3 } : {}))).expect(200);
    const price = priceParty({
      adultTickets: 2,
      childTickets: 0,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
      extraLines: [{ quantity: 1, unitPriceCents: 40000 }],
    });
    const held = await start({
      adultTickets: 2,
      childTickets: 0,
      items: [{ typeId: vip.id, quantity: 1 }],
      totalAmount: price.totalCents,
    }).expect(200);
    await pay(held.body.clientSecret);
    const orderId = held.body.orderId as string;
    const before = await remaining();
    const refund = (body: Record<string, unknown>) =>
      t.http.post(`/api/admin/party-orders/${orderId}/refunds`).set('Cookie', manager).send(body);

    const table = await refund({
      adults: 0,
      children: 0,
      items: [{ typeId: vip.id, quantity: 1 }],
      idempotencyKey: 'refund-the-table',
    }).expect(200);
    const tableShare = Math.round((price.totalCents * 40000) / price.subtotalCents);
    expect(table.body).toMatchObject({
      status: 'paid',
      validAdults: 2,
      refundedCents: tableShare,
      lines: [{ typeId: vip.id, name: 'VIP Table', quantity: 1, valid: 0, seats: 8, unitPriceCents: 40000 }],
    });
    expect(table.body.refunds[0]).toMatchObject({ items: [{ typeId: vip.id, name: 'VIP Table', quantity: 1 }], amountCents: tableShare });
    expect(await remaining()).toBe(before + 8);
    expect(await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: orderId })).toMatchObject({
      extraSeats: 0,
      refundedCents: tableShare,
    });
    const again = await refund({
      adults: 0,
      children: 0,
      items: [{ typeId: vip.id, quantity: 1 }],
      idempotencyKey: 'refund-the-table-again',
    }).expect(409);
    expect(again.body.message).toBe('Only 0 VIP Table tickets are left to refund on this order');

    const rest = await refund({ adults: 2, children: 0, idempotencyKey: 'refund-the-adults' }).expect(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedCents: price.totalCents });
    expect(await remaining()).toBe(before + 10);
  });

  it('saves the adult price of the Adult type in the Tickets section, and logs what changed', async () => {
    const { types } = await adminTypes();
    await saveTypes(types.map((type) => asInput(type, type.builtIn === 'adult' ? { price: 5499 } : {}))).expect(200);
    const settings = (await t.http.get('/api/admin/settings').set('Cookie', manager).expect(200)).body;
    expect(settings.tickets.adultPriceCents).toBe(5499);
    expect((await t.http.get('/api/site').expect(200)).body.party.adultPriceCents).toBe(5499);
    const log = (await t.http.get('/api/admin/activity?action=settings.change&pageSize=50').set('Cookie', manager).expect(200)).body.items;
    expect(log[0]).toMatchObject({ object: 'Ticket types', detail: 'Adult: price $49.99 → $54.99' });
    // Door staff do not change ticket types.
    const door = await deviceCookie(t, manager, 'Door 2', 'door');
    await t.http
      .put('/api/admin/ticket-types')
      .set('Cookie', door)
      .send({ types: types.map((type) => asInput(type)) })
      .expect(403);
  });

  it('carries the types into the next season without their sale windows and early-bird prices, none sold', async () => {
    const { types } = await adminTypes();
    const adult = types.find((type) => type.builtIn === 'adult')!;
    const until = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    await saveTypes(types.map((type) => asInput(type, type.id === adult.id ? { priceSteps: [{ until, price: 3999 }] } : {}))).expect(200);
    const site = (await t.http.get('/api/site').expect(200)).body;
    const { event } = (await t.http.get('/api/admin/settings').set('Cookie', manager).expect(200)).body;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await t.http
      .put('/api/admin/settings/event')
      .set('Cookie', manager)
      .send({ ...event, startsAt: iso(Date.now() - 5 * HOUR), endsAt: iso(Date.now() - 60_000) })
      .expect(200);
    const next = new Date(Date.now() + 400 * 24 * HOUR).toISOString().slice(0, 10);
    await t.http
      .post('/api/admin/events')
      .set('Cookie', manager)
      .send({ name: 'Diwali Night 2027', date: next, closingSeasonName: site.party.name })
      .expect(201);

    const carried = (await adminTypes()).types;
    expect(
      carried.map((type) => [type.name, type.price, type.seats, type.capacity, type.hidden, type.taken, type.priceSteps, type.salesStart]),
    ).toEqual(types.map((type) => [type.name, type.price, type.seats, type.capacity, type.hidden, 0, [], null]));
    expect(carried.map((type) => type.id)).not.toContain(adult.id);
  });
});
