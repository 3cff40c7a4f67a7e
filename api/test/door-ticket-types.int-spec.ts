import {
  DEFAULT_SITE_CONFIG,
  priceParty,
  type AdminTicketType,
  type AdminTicketTypesResponse,
  type PartyOrderRequest,
  type TicketTypeInput,
} from '@festival/contracts';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'door-types-staff-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const HOUR = 3_600_000;
const VIP_TABLE = { name: 'VIP Table', quantity: 1, seats: 8 };

const asInput = ({ taken: _taken, builtIn: _builtIn, ...type }: AdminTicketType): TicketTypeInput => type;

describe(`the door with tickets of other types on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;
  let door: string;
  let codes: TicketCodes;
  let vipId: number;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', HOLD_TICKETS_PER_ADDRESS: '60' });
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Door 1', 'door');
    codes = t.app.get(TicketCodes);
    // The party is on tonight, so the door admits.
    await t.app.get(SiteService).update({
      ...DEFAULT_SITE_CONFIG,
      party: {
        ...DEFAULT_SITE_CONFIG.party,
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
      },
    });
    const { types } = (await t.http.get('/api/admin/ticket-types').set('Cookie', manager).expect(200)).body as AdminTicketTypesResponse;
    const saved = await t.http
      .put('/api/admin/ticket-types')
      .set('Cookie', manager)
      .send({
        types: [
          ...types.map(asInput),
          { name: 'VIP Table', description: 'A table for eight by the stage', price: 40000, seats: 8, capacity: 5 },
        ],
      })
      .expect(200);
    vipId = (saved.body as AdminTicketTypesResponse).types.find((type) => type.name === 'VIP Table')!.id;
  });
  afterAll(() => t.close());

  /** An order bought and paid the way a guest buys it: `adults` and VIP tables. */
  async function buy(customerName: string, adults: number, tables: number): Promise<string> {
    buyers += 1;
    const price = priceParty({
      adultTickets: adults,
      childTickets: 0,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
      extraLines: tables > 0 ? [{ quantity: tables, unitPriceCents: 40000 }] : [],
    });
    const body: PartyOrderRequest = {
      ...createPartyOrderRequest({ customerName, customerEmail: `door.types${buyers}@example.com` }),
      adultTickets: adults,
      childTickets: 0,
      ...(tables > 0 ? { items: [{ typeId: vipId, quantity: tables }] } : {}),
      totalAmount: price.totalCents,
    };
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', `198.51.100.${buyers + 10}`)
      .send(body)
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
    return held.body.orderId as string;
  }

  const checkIn = (body: Record<string, unknown>) => t.http.post('/api/admin/check-ins').set('Cookie', door).send(body).expect(200);
  const search = async (q: string) =>
    (
      await t.http
        .get(`/api/admin/check-ins/search?q=${encodeURIComponent(q)}`)
        .set('Cookie', door)
        .expect(200)
    ).body.results as Record<string, unknown>[];
  const snapshotOf = async (orderId: string) =>
    ((await t.http.get('/api/admin/door-snapshot').set('Cookie', door).expect(200)).body.orders as { orderId: string }[]).find(
      (order) => order.orderId === orderId,
    );

  it('names 1 VIP Table on the scan answer, the guest search and the offline list, counting its 8 seats', async () => {
    const orderId = await buy('Kavya Menon', 0, 1);
    const code = codes.codeFor(orderId);

    const found = (await search('Kavya Menon')).find((row) => row.orderId === orderId);
    expect(found).toEqual({
      orderId,
      reference: orderId.slice(0, 8).toUpperCase(),
      customerName: 'Kavya Menon',
      status: 'paid',
      adults: 0,
      children: 0,
      others: [VIP_TABLE],
      total: 8,
      admitted: 0,
      code,
    });
    expect(await snapshotOf(orderId)).toEqual({
      orderId,
      reference: orderId.slice(0, 8).toUpperCase(),
      customerName: 'Kavya Menon',
      adults: 0,
      children: 0,
      others: [VIP_TABLE],
      total: 8,
      admitted: 0,
      lastCheckedInAt: null,
      lastDoor: null,
    });

    const admitted = await checkIn({ code, guests: 3 });
    expect(admitted.body).toEqual({
      result: 'admitted',
      customerName: 'Kavya Menon',
      reference: orderId.slice(0, 8).toUpperCase(),
      adults: 0,
      children: 0,
      others: [VIP_TABLE],
      admitted: 3,
      entering: 3,
      total: 8,
      checkedInAt: expect.any(String),
      door: 'Door 1',
    });
    expect((await checkIn({ code })).body).toMatchObject({ result: 'admitted', others: [VIP_TABLE], admitted: 8, entering: 5 });
    expect((await checkIn({ code })).body).toMatchObject({ result: 'already_checked_in', others: [VIP_TABLE], admitted: 8, total: 8 });
  });

  it('answers an order of adults alone as before, without others, and stops naming a table once it is refunded', async () => {
    const adultsOnly = await buy('Meera Adults', 2, 0);
    const answer = (await checkIn({ code: codes.codeFor(adultsOnly), guests: 1 })).body as Record<string, unknown>;
    expect(answer).toMatchObject({ adults: 2, children: 0, total: 2 });
    expect('others' in answer).toBe(false);
    expect('others' in (await search('Meera Adults'))[0]).toBe(false);
    expect(await snapshotOf(adultsOnly)).not.toHaveProperty('others');

    const mixed = await buy('Rohan Table', 2, 1);
    expect((await search('Rohan Table'))[0]).toMatchObject({ adults: 2, others: [VIP_TABLE], total: 10 });
    await t.http
      .post(`/api/admin/party-orders/${mixed}/refunds`)
      .set('Cookie', manager)
      .send({ adults: 0, children: 0, items: [{ typeId: vipId, quantity: 1 }], idempotencyKey: 'door-types-refund-table' })
      .expect(200);
    const afterRefund = (await checkIn({ code: codes.codeFor(mixed), guests: 1 })).body as Record<string, unknown>;
    expect(afterRefund).toMatchObject({ result: 'admitted', adults: 2, admitted: 1, total: 2 });
    expect('others' in afterRefund).toBe(false);
    expect(await snapshotOf(mixed)).toMatchObject({ adults: 2, total: 2, admitted: 1 });
    expect(await snapshotOf(mixed)).not.toHaveProperty('others');
  });
});
