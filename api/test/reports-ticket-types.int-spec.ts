import { randomUUID } from 'node:crypto';
import { priceParty, type AdminTicketTypesResponse, type RevenueReport, type TicketTypeInput } from '@festival/contracts';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'reports-types-staff-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

/** A CSV export read back (every cell quoted, CRLF rows, a byte order mark first). */
function readCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((cell) => cell[1].replace(/""/g, '"')));
}

describe(`Reports: tickets by type and the other tickets of each order, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  const report = async (): Promise<RevenueReport> =>
    (await t.http.get('/api/admin/reports').set('Cookie', manager).expect(200)).body as RevenueReport;
  const csvOf = async (table: string): Promise<string[][]> => {
    const res = await t.http.get(`/api/admin/reports/exports/${table}?format=csv`).set('Cookie', manager).expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return readCsv(res.text);
  };

  /** Two adults and one table bought and paid with the simulated card, as a guest would. */
  async function buyAdultsAndTable(typeId: number, total: number): Promise<string> {
    buyers += 1;
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', `198.51.100.${buyers}`)
      .send({
        ...createPartyOrderRequest({ customerName: `Table Guest ${buyers}`, customerEmail: `table.guest${buyers}@example.com` }),
        adultTickets: 2,
        childTickets: 0,
        items: [{ typeId, quantity: 1 }],
        totalAmount: total,
      })
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
    return held.body.orderId as string;
  }

  it('counts adults, a comp and VIP tables sold and refunded to the cent, on screen and in the CSV, and names each order’s tables', async () => {
    const saved = (await t.http.get('/api/admin/ticket-types').set('Cookie', manager).expect(200)).body as AdminTicketTypesResponse;
    const types: TicketTypeInput[] = saved.types.map(({ taken: _taken, builtIn: _builtIn, ...type }) => type);
    const put = await t.http
      .put('/api/admin/ticket-types')
      .set('Cookie', manager)
      .send({
        types: [...types, { name: 'VIP Table', description: 'A table for eight by the stage', price: 40000, seats: 8, capacity: 4 }],
      })
      .expect(200);
    const vip = (put.body as AdminTicketTypesResponse).types.find((type) => type.name === 'VIP Table')!;
    const price = priceParty({
      adultTickets: 2,
      childTickets: 0,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: 0,
      extraLines: [{ quantity: 1, unitPriceCents: 40000 }],
    });

    const kept = await buyAdultsAndTable(vip.id, price.totalCents);
    const refunded = await buyAdultsAndTable(vip.id, price.totalCents);
    // The second order's table goes back; its two adults stay.
    await t.http
      .post(`/api/admin/party-orders/${refunded}/refunds`)
      .set('Cookie', manager)
      .send({ adults: 0, children: 0, items: [{ typeId: vip.id, quantity: 1 }], idempotencyKey: randomUUID() })
      .expect(200);
    // One guest of the chef's, given by the staff: sold at $0.
    const comp = await t.http
      .post('/api/admin/party-orders/comps')
      .set('Cookie', manager)
      .send({
        customerName: 'Chef Guest',
        customerEmail: 'chef.guest@example.com',
        adults: 1,
        children: 0,
        reason: 'Guest of the chef',
        requestId: randomUUID(),
      })
      .expect(200);

    // Before discounts and tax: the list price times the tickets still sold.
    const shown = await report();
    expect(shown.ticketsByType).toEqual([
      { name: 'Adult', sold: 5, refunded: 0, seats: 5, revenueCents: 4 * 4999 },
      { name: 'VIP Table', sold: 1, refunded: 1, seats: 8, revenueCents: 40000 },
    ]);
    expect(shown.totals.ticketsSold + shown.totals.compTickets).toBe(5);

    expect(await csvOf('tickets-by-type')).toEqual([
      ['Type', 'Sold', 'Refunded', 'Seats', 'Revenue'],
      ...shown.ticketsByType.map((row) => [
        row.name,
        String(row.sold),
        String(row.refunded),
        String(row.seats),
        (row.revenueCents / 100).toFixed(2),
      ]),
    ]);
    const xlsx = await t.http.get('/api/admin/reports/exports/tickets-by-type?format=xlsx').set('Cookie', manager).expect(200);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="tickets-by-type-\d{4}-\d{2}-\d{2}\.xlsx"$/);

    // The paid tickets' export: every column as before, then each order's other tickets as bought.
    const [header, ...rows] = await csvOf('party-tickets');
    expect(header).toEqual([
      'Order ID',
      'Customer Name',
      'Email',
      'Phone',
      'Adult Tickets',
      'Child Tickets',
      'Valid Tickets',
      'Admitted',
      'Total',
      'Order Date',
      'Dispute',
      'Other tickets',
    ]);
    const otherTicketsOf = (id: string) => rows.find((row) => row[0] === id)?.[11];
    expect(otherTicketsOf(kept)).toBe('1 VIP Table');
    expect(otherTicketsOf(refunded)).toBe('1 VIP Table');
    expect(otherTicketsOf(comp.body.id as string)).toBe('');
    expect(rows.find((row) => row[0] === refunded)?.slice(4, 6)).toEqual(['2', '0']);
  });
});
