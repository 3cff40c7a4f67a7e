import { createPublicKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import QRCode from 'qrcode';
import {
  DEFAULT_SITE_CONFIG,
  normaliseTicketCode,
  parseTicketCode,
  type ActivityEntry,
  type CheckInResponse,
  type PaidPartyTicketRow,
} from '@festival/contracts';
import { startSmtpSink, type SmtpSink } from '@festival/test-kit';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { SeasonsService } from '../src/modules/seasons/seasons.service.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import { TicketRedemptionEntity } from '../src/modules/tickets/ticket-redemption.entity.js';
import { editAt, insertPartyOrder } from './support/door-orders.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'door-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

const INVALID: CheckInResponse = {
  result: 'invalid',
  customerName: null,
  reference: null,
  adults: 0,
  children: 0,
  admitted: 0,
  entering: 0,
  total: 0,
  checkedInAt: null,
  door: null,
};

describe(`the door on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let codes: TicketCodes;
  let manager: string;
  let door: string;
  let door2: string;
  let bar: string;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url });
    codes = t.app.get(TicketCodes);
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Door 1', 'door');
    door2 = await deviceCookie(t, manager, 'Door 2', 'door');
    bar = await deviceCookie(t, manager, 'Bar 1', 'bar');
    // The party is on (offline uploads count only in its hours): it started an hour ago.
    await t.app.get(SiteService).update({
      ...DEFAULT_SITE_CONFIG,
      party: {
        ...DEFAULT_SITE_CONFIG.party,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const checkIn = (cookie: string, body: Record<string, unknown>) => t.http.post('/api/admin/check-ins').set('Cookie', cookie).send(body);
  const redeem = (cookie: string, body: Record<string, unknown>) =>
    t.http.post('/api/admin/complimentary-drinks').set('Cookie', cookie).send(body);
  const stats = async (): Promise<{ arrived: number; sold: number }> =>
    (await t.http.get('/api/admin/check-ins/stats').set('Cookie', door).expect(200)).body;
  const activity = async (action: string): Promise<ActivityEntry[]> =>
    (await t.http.get(`/api/admin/activity?action=${action}&pageSize=200`).set('Cookie', manager).expect(200)).body.items;
  const admissionsOf = (orderId: string) => t.dataSource.getRepository(TicketRedemptionEntity).findBy({ orderId, kind: 'entry' });

  it('admits a bought order (2 adults, 1 child) in two parts, then answers Already checked in with the time and the door', async () => {
    // Bought the way a guest buys it.
    const created = await t.http.post('/api/party-payment-intent').send(createPartyOrderRequest()).expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: created.body.clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
    const orderId = created.body.orderId as string;

    // The confirmation e-mail's QR holds the ticket code, printed under it with what it admits.
    const [mail] = await sink.waitFor(1);
    expect(mail.parsed.text).toContain('Admits 3 guests: 2 adults, 1 child (children under 5 come free).');
    const printed = /Ticket code, if the QR code cannot be scanned:\n([A-Z2-7 ]+)\n/.exec(mail.parsed.text ?? '')?.[1] ?? '';
    expect(printed).toMatch(/^([A-Z2-7]{4} ){31}[A-Z2-7]{4}$/);
    const code = normaliseTicketCode(printed);
    const qr = mail.parsed.attachments.find((a) => a.mimeType === 'image/png')!;
    const expectedQr = await QRCode.toBuffer(code, { type: 'png', width: 360, margin: 1 });
    expect(Buffer.from(qr.content as ArrayBuffer).equals(expectedQr)).toBe(true);
    expect(code).toBe(codes.codeFor(orderId));
    const before = await stats();

    const first = await checkIn(door, { code, guests: 2 }).expect(200);
    expect(first.body).toEqual({
      result: 'admitted',
      customerName: 'Asha Raman',
      reference: orderId.slice(0, 8).toUpperCase(),
      adults: 2,
      children: 1,
      admitted: 2,
      entering: 2,
      total: 3,
      checkedInAt: expect.any(String),
      door: 'Door 1',
    });
    expect(await stats()).toEqual({ arrived: before.arrived + 2, sold: before.sold });

    // The rest of the family, from the other door, typed in the printed groups of four.
    const rest = await checkIn(door2, { code: code.replace(/(.{4})/g, '$1 ').toLowerCase() }).expect(200);
    expect(rest.body).toMatchObject({ result: 'admitted', admitted: 3, entering: 1, total: 3, door: 'Door 2' });
    expect(await stats()).toEqual({ arrived: before.arrived + 3, sold: before.sold });

    const again = await checkIn(door, { code }).expect(200);
    expect(again.body).toEqual({ ...rest.body, result: 'already_checked_in', entering: 0 });
    expect(new Date(again.body.checkedInAt).getTime()).toBeGreaterThanOrEqual(new Date(first.body.checkedInAt).getTime());
    expect(Math.abs(new Date(again.body.checkedInAt).getTime() - Date.now())).toBeLessThan(60_000);
    const more = await checkIn(door, { code, guests: 1 }).expect(200);
    expect(more.body).toMatchObject({ result: 'already_checked_in', admitted: 3, door: 'Door 2' });

    // On the activity log, by door, without the code (it admits its bearer).
    const logged = (await activity('check-in')).filter((e) => e.object?.includes(orderId.slice(0, 8).toUpperCase()));
    expect(logged.map((e) => ({ who: e.who, detail: e.detail }))).toEqual([
      { who: 'Door 2', detail: '1 admitted, 3 of 3 in' },
      { who: 'Door 1', detail: '2 admitted, 2 of 3 in' },
    ]);
    expect(JSON.stringify(logged)).not.toContain(code);
  });

  it('admits exactly 3 guests of a 3-guest order scanned 50 times at once by two doors', async () => {
    const order = await insertPartyOrder(t);
    const code = codes.codeFor(order.id);
    const before = await stats();
    // The event on sale is cached for under a second; the scans must also hold when it has just
    // lapsed (a cold read waiting for a connection the queued scans hold would stall them all).
    t.app.get(SeasonsService).invalidate();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => checkIn(i % 2 === 0 ? door : door2, { code, guests: 1 }).expect(200)),
    );
    const results = answers.map((res) => res.body.result as string);
    expect(results.filter((r) => r === 'admitted')).toHaveLength(3);
    expect(results.filter((r) => r === 'already_checked_in')).toHaveLength(47);
    expect(answers.filter((res) => res.body.result === 'admitted').map((res) => res.body.admitted as number)).toEqual(
      expect.arrayContaining([1, 2, 3]),
    );
    expect((await admissionsOf(order.id)).reduce((sum, row) => sum + row.count, 0)).toBe(3);
    expect(await stats()).toEqual({ arrived: before.arrived + 3, sold: before.sold });
    const logged = (await activity('check-in')).filter((e) => e.object?.includes(order.id.slice(0, 8).toUpperCase()));
    expect(logged).toHaveLength(3);

    // Everyone left at once: of 50 simultaneous scans of another order, one admits all three.
    const family = await insertPartyOrder(t, { adultTickets: 1, childTickets: 2 });
    const all = await Promise.all(Array.from({ length: 50 }, () => checkIn(door, { code: codes.codeFor(family.id) }).expect(200)));
    const admitted = all.filter((res) => res.body.result === 'admitted');
    expect(admitted.map((res) => res.body.admitted)).toEqual([3]);
    expect(all.filter((res) => res.body.result === 'already_checked_in')).toHaveLength(49);
  });

  it('admits exactly 3 when the scans arrive through two API replicas at once (one process on SQLite)', async () => {
    // Production runs two replicas on MySQL; the embedded SQLite mode is one process by design.
    const replica =
      TEST_DATABASE === 'mysql'
        ? await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' }, { keepDatabase: true })
        : t;
    try {
      const order = await insertPartyOrder(t);
      const code = codes.codeFor(order.id);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 === 0 ? t : replica).http
            .post('/api/admin/check-ins')
            .set('Cookie', i % 4 < 2 ? door : door2)
            .send({ code, guests: 1 })
            .expect(200),
        ),
      );
      expect(answers.filter((res) => res.body.result === 'admitted')).toHaveLength(3);
      expect(answers.filter((res) => res.body.result === 'already_checked_in')).toHaveLength(47);
      expect((await admissionsOf(order.id)).reduce((sum, row) => sum + row.count, 0)).toBe(3);
      const drinks = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? t : replica).http.post('/api/admin/complimentary-drinks').set('Cookie', bar).send({ code, count: 1 }),
        ),
      );
      expect(drinks.filter((res) => res.status === 200)).toHaveLength(3);
      expect(drinks.filter((res) => res.status === 409)).toHaveLength(17);
    } finally {
      if (replica !== t) await replica.close();
    }
  });

  it('accepts an admission once: replaying the same admissionId changes nothing', async () => {
    const order = await insertPartyOrder(t);
    const code = codes.codeFor(order.id);
    const admissionId = `door1-${randomUUID()}`;
    const first = await checkIn(door, { code, guests: 1, admissionId }).expect(200);
    expect(first.body).toMatchObject({ result: 'admitted', admitted: 1, total: 3, door: 'Door 1' });
    const before = await stats();

    const replays = await Promise.all(Array.from({ length: 5 }, () => checkIn(door2, { code, guests: 1, admissionId }).expect(200)));
    for (const replay of replays) expect(replay.body).toEqual(first.body);
    expect(await stats()).toEqual(before);
    expect(await admissionsOf(order.id)).toHaveLength(1);
    expect((await activity('check-in')).filter((e) => e.object?.includes(order.id.slice(0, 8).toUpperCase()))).toHaveLength(1);

    // The same id for another ticket is a mistake the door is told about; nothing is admitted.
    const other = await insertPartyOrder(t);
    const reused = await checkIn(door, { code: codes.codeFor(other.id), admissionId }).expect(409);
    expect(reused.body).toEqual({ message: 'This admissionId was already used for another ticket' });
    expect(await admissionsOf(other.id)).toHaveLength(0);
  });

  it('answers Refunded, Not paid and Not a valid ticket, and admits nobody', async () => {
    const refunded = await insertPartyOrder(t, { status: 'refunded', customerName: 'Ravi Kumar' });
    const cancelled = await insertPartyOrder(t, { status: 'cancelled' });
    const pending = await insertPartyOrder(t, { status: 'pending', paidAt: null });
    const paid = await insertPartyOrder(t);
    const before = await stats();

    const refundedAnswer = await checkIn(door, { code: codes.codeFor(refunded.id) }).expect(200);
    expect(refundedAnswer.body).toEqual({
      result: 'refunded',
      customerName: 'Ravi Kumar',
      reference: refunded.id.slice(0, 8).toUpperCase(),
      adults: 2,
      children: 1,
      admitted: 0,
      entering: 0,
      total: 3,
      checkedInAt: null,
      door: null,
    });
    expect((await checkIn(door, { code: codes.codeFor(cancelled.id) }).expect(200)).body.result).toBe('refunded');
    expect((await checkIn(door, { code: codes.codeFor(pending.id) }).expect(200)).body).toMatchObject({
      result: 'not_paid',
      admitted: 0,
    });

    const code = codes.codeFor(paid.id);
    const otherKey = new TicketCodes(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const invalid = [
      'HELLO',
      'A'.repeat(128),
      editAt(code, 3), // in the order id
      editAt(code, 100), // in the signature
      editAt(code, 127), // the last character
      code.slice(0, -1),
      otherKey.codeFor(paid.id), // signed with another key
      codes.codeFor(randomUUID()), // signed here, but no such order
    ];
    for (const bad of invalid) {
      const res = await checkIn(door, { code: bad }).expect(200);
      expect(res.body).toEqual(INVALID);
    }
    expect(await stats()).toEqual(before);
    expect(await admissionsOf(paid.id)).toHaveLength(0);
  });

  it('refuses bad input with a 4xx and a clear message', async () => {
    const order = await insertPartyOrder(t);
    const code = codes.codeFor(order.id);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'code: Required'],
      [{ code: '   ' }, 'code: code is required'],
      [{ code, guests: 0 }, 'guests: guests must be at least 1'],
      [{ code, guests: 1.5 }, 'guests: guests must be a whole number'],
      [{ code, guests: '2' }, 'guests: Expected number, received string'],
      [{ code, admissionId: 'abc' }, 'admissionId: admissionId must be 8 to 64 characters'],
      [{ code, admissionId: 'abc/defghij' }, 'admissionId: admissionId may contain only letters, digits, - and _'],
    ];
    for (const [body, message] of cases) {
      const res = await checkIn(door, body).expect(400);
      expect(res.body).toEqual({ message });
    }
    const tooMany = await checkIn(door, { code, guests: 4 }).expect(409);
    expect(tooMany.body).toEqual({ message: 'Only 3 of 3 guests are left to admit on this order' });
    await checkIn(door, { code, guests: 2 }).expect(200);
    const oneLeft = await checkIn(door, { code, guests: 2 }).expect(409);
    expect(oneLeft.body).toEqual({ message: 'Only 1 of 3 guests is left to admit on this order' });
    expect(await admissionsOf(order.id)).toHaveLength(1);
  });

  it('hands out one complimentary drink per ticketed guest, refusing more than are left', async () => {
    const order = await insertPartyOrder(t);
    const code = codes.codeFor(order.id);
    expect((await redeem(bar, { code, count: 0 }).expect(200)).body).toEqual({ remaining: 3 });
    expect((await redeem(bar, { code, count: 2 }).expect(200)).body).toEqual({ remaining: 1 });
    const tooMany = await redeem(bar, { code, count: 2 }).expect(409);
    expect(tooMany.body).toEqual({ message: 'No complimentary drinks left' });
    expect((await redeem(bar, { code, count: 1 }).expect(200)).body).toEqual({ remaining: 0 });
    expect((await redeem(bar, { code, count: 1 }).expect(409)).body).toEqual({ message: 'No complimentary drinks left' });

    const logged = (await activity('drink.complimentary')).filter((e) => e.object?.includes(order.id.slice(0, 8).toUpperCase()));
    expect(logged.map((e) => ({ who: e.who, detail: e.detail }))).toEqual([
      { who: 'Bar 1', detail: '1 redeemed, 0 left' },
      { who: 'Bar 1', detail: '2 redeemed, 1 left' },
    ]);

    // A retried redemption is counted once.
    const other = await insertPartyOrder(t);
    const redemptionId = `bar1-${randomUUID()}`;
    const otherCode = codes.codeFor(other.id);
    expect((await redeem(bar, { code: otherCode, count: 1, redemptionId }).expect(200)).body).toEqual({ remaining: 2 });
    expect((await redeem(bar, { code: otherCode, count: 1, redemptionId }).expect(200)).body).toEqual({ remaining: 2 });

    expect((await redeem(bar, { code: editAt(code, 50), count: 1 }).expect(404)).body).toEqual({ message: 'Not a valid ticket' });
    const refunded = await insertPartyOrder(t, { status: 'refunded' });
    expect((await redeem(bar, { code: codes.codeFor(refunded.id), count: 1 }).expect(409)).body).toEqual({
      message: 'This order was refunded',
    });
    expect((await redeem(bar, { code, count: -1 }).expect(400)).body).toEqual({ message: 'count: count cannot be negative' });
    expect((await redeem(bar, { code }).expect(400)).body).toEqual({ message: 'count: Required' });
  });

  it('never lets complimentary drinks go below zero, however many bars redeem at once', async () => {
    const order = await insertPartyOrder(t, { adultTickets: 3, childTickets: 1 });
    const code = codes.codeFor(order.id);
    const answers = await Promise.all(Array.from({ length: 30 }, () => redeem(bar, { code, count: 1 })));
    const served = answers.filter((res) => res.status === 200);
    expect(served).toHaveLength(4);
    expect(served.map((res) => res.body.remaining as number).sort()).toEqual([0, 1, 2, 3]);
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(26);
    for (const res of refused) expect(res.body).toEqual({ message: 'No complimentary drinks left' });
    expect((await redeem(bar, { code, count: 0 }).expect(200)).body).toEqual({ remaining: 0 });
    const rows = await t.dataSource.getRepository(TicketRedemptionEntity).findBy({ orderId: order.id, kind: 'drink' });
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(4);
  });

  it('lets the door check in and the bar redeem drinks, each refused on the other one’s route', async () => {
    const order = await insertPartyOrder(t);
    const code = codes.codeFor(order.id);
    const barAtDoor = await checkIn(bar, { code }).expect(403);
    expect(barAtDoor.body).toEqual({ message: 'Not allowed: Bar 1 is signed in for the bar only. Ask the manager.' });
    await t.http.get('/api/admin/check-ins/stats').set('Cookie', bar).expect(403);
    await t.http.get('/api/admin/door-snapshot').set('Cookie', bar).expect(403);
    const doorAtBar = await redeem(door, { code, count: 1 }).expect(403);
    expect(doorAtBar.body).toEqual({ message: 'Not allowed: Door 1 is signed in for the door only. Ask the manager.' });
    await t.http.post('/api/admin/check-ins').send({ code }).expect(401);
    await t.http.post('/api/admin/complimentary-drinks').send({ code, count: 1 }).expect(401);

    // The manager may do both.
    expect((await checkIn(manager, { code, guests: 1 }).expect(200)).body).toMatchObject({ result: 'admitted', door: 'Manager' });
    expect((await redeem(manager, { code, count: 1 }).expect(200)).body).toEqual({ remaining: 2 });
    expect(await admissionsOf(order.id)).toHaveLength(1);
  });

  it("shows each paid order's admitted guests on the staff's party-tickets list, 0 before anyone is in", async () => {
    const family = await insertPartyOrder(t, { customerName: 'Kavya Nair', customerEmail: 'kavya.nair@example.com' });
    const couple = await insertPartyOrder(t, { customerName: 'Arun Pillai', customerEmail: 'arun.pillai@example.com', childTickets: 0 });
    const list = async (): Promise<PaidPartyTicketRow[]> =>
      (await t.http.get('/api/party-tickets').set('Cookie', manager).expect(200)).body;
    const rowOf = (rows: PaidPartyTicketRow[], id: string) => rows.find((row) => row.id === id);

    expect(rowOf(await list(), family.id)).toMatchObject({ customerName: 'Kavya Nair', adultTickets: 2, childTickets: 1, admitted: 0 });
    await checkIn(door, { code: codes.codeFor(family.id), guests: 2 }).expect(200);
    expect(rowOf(await list(), family.id)?.admitted).toBe(2);
    await checkIn(door2, { code: codes.codeFor(family.id) }).expect(200);
    const rows = await list();
    expect(rowOf(rows, family.id)?.admitted).toBe(3);
    expect(rowOf(rows, couple.id)).toMatchObject({ customerName: 'Arun Pillai', admitted: 0 });
    // Complimentary drinks are not admissions.
    await redeem(bar, { code: codes.codeFor(couple.id), count: 2 }).expect(200);
    expect(rowOf(await list(), couple.id)?.admitted).toBe(0);
  });

  it('gives the door a snapshot of the paid orders and the public key that verifies their codes offline', async () => {
    const order = await insertPartyOrder(t, { customerName: 'Lakshmi Venkat', adultTickets: 4, childTickets: 0 });
    const pending = await insertPartyOrder(t, { status: 'pending', paidAt: null });
    await checkIn(door, { code: codes.codeFor(order.id), guests: 1 }).expect(200);

    const res = await t.http.get('/api/admin/door-snapshot').set('Cookie', door).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ keyAlgorithm: 'Ed25519', signedPrefix: 'festival-ticket:v1:' });
    const entry = res.body.orders.find((o: { orderId: string }) => o.orderId === order.id);
    expect(entry).toEqual({
      orderId: order.id,
      reference: order.id.slice(0, 8).toUpperCase(),
      customerName: 'Lakshmi Venkat',
      adults: 4,
      children: 0,
      total: 4,
      admitted: 1,
      lastCheckedInAt: expect.any(String),
      lastDoor: 'Door 1',
    });
    expect(res.body.orders.some((o: { orderId: string }) => o.orderId === pending.id)).toBe(false);
    const { sold } = await stats();
    expect(res.body.orders.reduce((sum: number, o: { total: number }) => sum + o.total, 0)).toBe(sold);

    // What the door page will do offline: the code's signature checked with the published key alone.
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: res.body.publicKey as string }, format: 'jwk' });
    const parsed = parseTicketCode(codes.codeFor(order.id))!;
    expect(parsed.orderId).toBe(order.id);
    expect(verify(null, parsed.message, publicKey, parsed.signature)).toBe(true);
    const edited = parseTicketCode(editAt(codes.codeFor(order.id), 60))!;
    expect(verify(null, edited.message, publicKey, edited.signature)).toBe(false);
  });

  it('keeps admissions uploaded after an offline spell once each, and lists an order two offline doors over-admitted as a conflict', async () => {
    const order = await insertPartyOrder(t, { customerName: 'Kavya Offline', adultTickets: 2, childTickets: 1 });
    const other = await insertPartyOrder(t, { customerName: 'Nila Offline', adultTickets: 1, childTickets: 0 });
    const upload = (cookie: string, admissions: Record<string, unknown>[]) =>
      t.http.post('/api/admin/check-ins/offline').set('Cookie', cookie).send({ admissions });
    const at = new Date(Date.now() - 60_000).toISOString();

    // Door 1 admitted the whole family offline, and Nila; its upload is retried once.
    const first = [
      { admissionId: 'door1-offline-0001', orderId: order.id, guests: 3, at },
      { admissionId: 'door1-offline-0002', orderId: other.id, guests: 1, at },
    ];
    expect((await upload(door, first).expect(200)).body.results).toEqual([
      { admissionId: 'door1-offline-0001', outcome: 'recorded', message: null },
      { admissionId: 'door1-offline-0002', outcome: 'recorded', message: null },
    ]);
    expect((await upload(door, first).expect(200)).body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'recorded',
      'recorded',
    ]);
    const kept = await admissionsOf(order.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ count: 3, offline: true, who: 'Door 1' });
    expect(kept[0].at.toISOString()).toBe(at);

    // Door 2, offline too, admitted two of the same family: both records are kept, and the order is flagged.
    expect(
      (await upload(door2, [{ admissionId: 'door2-offline-0001', orderId: order.id, guests: 2, at }]).expect(200)).body.results,
    ).toEqual([{ admissionId: 'door2-offline-0001', outcome: 'conflict', message: '5 guests in on an order of 3' }]);
    expect(await admissionsOf(order.id)).toHaveLength(2);
    const conflicts = (await t.http.get('/api/admin/check-ins/conflicts').set('Cookie', door).expect(200)).body.conflicts;
    const listed = conflicts.filter((c: { orderId: string }) => c.orderId === order.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      reference: order.id.slice(0, 8).toUpperCase(),
      customerName: 'Kavya Offline',
      total: 3,
      admitted: 5,
      reason: '5 guests in on an order of 3',
    });
    expect(
      listed[0].admissions.map((a: { door: string; guests: number; offline: boolean }) => [a.door, a.guests, a.offline]).sort(),
    ).toEqual([
      ['Door 1', 3, true],
      ['Door 2', 2, true],
    ]);
    expect(conflicts.some((c: { orderId: string }) => c.orderId === other.id)).toBe(false);
    // Online, the order answers Already checked in; the counter never counts more guests than it has.
    expect((await checkIn(door, { code: codes.codeFor(order.id) }).expect(200)).body.result).toBe('already_checked_in');

    // An unknown order is rejected and nothing is kept; bad input is a 400 with a clear message.
    const unknown = randomUUID();
    expect((await upload(door, [{ admissionId: 'door1-offline-0003', orderId: unknown, guests: 1, at }]).expect(200)).body.results).toEqual(
      [{ admissionId: 'door1-offline-0003', outcome: 'rejected', message: 'Not a valid ticket' }],
    );
    expect(await admissionsOf(unknown)).toHaveLength(0);
    expect((await upload(door, []).expect(400)).body.message).toContain('admissions must not be empty');
    expect((await upload(door, [{ admissionId: 'x', orderId: order.id, guests: 1, at }]).expect(400)).body.message).toContain(
      'admissionId must be 8 to 64 characters',
    );
    await upload(bar, first).expect(403);
  });

  it('finds guests by name, e-mail, phone or reference, with the code of a paid order to admit them', async () => {
    const order = await insertPartyOrder(t, {
      customerName: 'Sundari Ramaswamy',
      customerEmail: 'sundari.r@example.com',
      customerPhone: '(669) 555-0199',
    });
    const refunded = await insertPartyOrder(t, { customerName: 'Sundari Refunded', customerEmail: 'sr2@example.com', status: 'refunded' });
    const search = async (q: string) =>
      (
        await t.http
          .get(`/api/admin/check-ins/search?q=${encodeURIComponent(q)}`)
          .set('Cookie', door)
          .expect(200)
      ).body.results as {
        orderId: string;
        code: string | null;
        status: string;
      }[];
    for (const q of ['sundari ram', 'SUNDARI.R@EXAMPLE', '669555 0199', order.id.slice(0, 8).toUpperCase()]) {
      expect((await search(q)).map((r) => r.orderId)).toContain(order.id);
    }
    const [found] = (await search('Sundari Ramaswamy')).filter((r) => r.orderId === order.id);
    expect(found).toEqual({
      orderId: order.id,
      reference: order.id.slice(0, 8).toUpperCase(),
      customerName: 'Sundari Ramaswamy',
      status: 'paid',
      adults: 2,
      children: 1,
      total: 3,
      admitted: 0,
      code: codes.codeFor(order.id),
    });
    const gone = (await search('Sundari Refunded')).find((r) => r.orderId === refunded.id);
    expect(gone).toMatchObject({ status: 'refunded', code: null });
    // Admitting from the result is a scan of its code.
    expect((await checkIn(door, { code: found.code!, guests: 1 }).expect(200)).body).toMatchObject({ result: 'admitted', admitted: 1 });
    expect((await search('Sundari Ramaswamy')).find((r) => r.orderId === order.id)).toMatchObject({ admitted: 1 });
    // A wildcard is a character, not "everyone".
    expect(await search('%%')).toEqual([]);
    expect((await t.http.get('/api/admin/check-ins/search?q=a').set('Cookie', door).expect(400)).body.message).toContain(
      'Type at least 2 characters to search',
    );
  });
});
