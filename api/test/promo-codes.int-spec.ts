import { formatSaleDate, priceParty, type AdminPromoCode, type PartyOrderRequest, type UpdatePromoCodeRequest } from '@festival/contracts';
import { PromoCodeEntity } from '../src/modules/tickets/promo-code.entity.js';
import { PromoCodesService } from '../src/modules/tickets/promo-codes.service.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'staff-password-for-tests';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const ENV = { ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', PROMO_CODES: 'DIWALI5,FESTIVAL5' };
const TIME_ZONE = 'America/Los_Angeles';
const HOUR = 60 * 60 * 1000;

let buyers = 0;
/** A buyer of their own (a distinct e-mail and address), priced with `promoPercent` off when a code is given. */
function buyer(overrides: Partial<PartyOrderRequest> & { promoApplied?: boolean; promoPercent?: number } = {}): {
  body: PartyOrderRequest;
  address: string;
} {
  buyers += 1;
  return {
    body: createPartyOrderRequest({ customerEmail: `promo.buyer${buyers}@example.com`, ...overrides }),
    address: `203.0.113.${(buyers % 250) + 1}`,
  };
}

function startOrder(t: TestApp, order: { body: PartyOrderRequest; address: string }) {
  return t.http.post('/api/party-payment-intent').set('X-Forwarded-For', order.address).send(order.body);
}

/** Pays an intent with the simulated card and confirms it, as the party page does. */
async function pay(t: TestApp, clientSecret: string): Promise<void> {
  const paid = await t.http
    .post('/api/payments/simulated/confirm')
    .send({ clientSecret, ...CARD })
    .expect(200);
  await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
}

const quote = (t: TestApp, promoCode: string | undefined, adultTickets = 2, childTickets = 1) =>
  t.http.post('/api/party-quote').send({ adultTickets, childTickets, promoCode }).expect(200);

async function listCodes(t: TestApp, cookie: string): Promise<AdminPromoCode[]> {
  return (await t.http.get('/api/admin/promo-codes').set('Cookie', cookie).expect(200)).body as AdminPromoCode[];
}

const createCode = (t: TestApp, cookie: string, body: Record<string, unknown>) =>
  t.http.post('/api/admin/promo-codes').set('Cookie', cookie).send(body);

/** Saves `id` with `changes` applied to what is saved now; expects `status`. */
async function updateCode(t: TestApp, cookie: string, id: string, changes: Record<string, unknown>, status: number) {
  const current = (await listCodes(t, cookie)).find((code) => code.id === id)!;
  const whole: UpdatePromoCodeRequest = {
    code: current.code,
    percentOff: current.percentOff,
    maxUses: current.maxUses,
    validUntil: current.validUntil,
    active: current.active,
  };
  return t.http
    .put(`/api/admin/promo-codes/${id}`)
    .set('Cookie', cookie)
    .send({ ...whole, ...changes })
    .expect(status);
}

const sameDatabaseAs = (t: TestApp): Record<string, string> =>
  t.config.database.type === 'sqlite' ? { SQLITE_PATH: t.config.database.path } : {};

describe(`promo codes on ${TEST_DATABASE}`, () => {
  describe('filled from PROMO_CODES', () => {
    it('fills an empty table once: each code 5 %, no limit, no end, active; a new PROMO_CODES later changes nothing', async () => {
      const first = await createTestApp({ ...ENV, PROMO_CODES: ' diwali5 ,Festival5' });
      try {
        const cookie = await managerCookie(first, PASSWORD);
        const codes = await listCodes(first, cookie);
        expect(codes.map(({ id: _id, createdAt: _c, updatedAt: _u, ...code }) => code)).toEqual([
          { code: 'DIWALI5', percentOff: 5, maxUses: null, validUntil: null, active: true, uses: 0 },
          { code: 'FESTIVAL5', percentOff: 5, maxUses: null, validUntil: null, active: true, uses: 0 },
        ]);
        await updateCode(first, cookie, codes[0].id, { percentOff: 7 }, 200);
        await first.app.close();

        const second = await createTestApp({ ...ENV, ...sameDatabaseAs(first), PROMO_CODES: 'OTHER10' }, { keepDatabase: true });
        try {
          const again = await listCodes(second, await managerCookie(second, PASSWORD));
          expect(again.map((code) => [code.code, code.percentOff])).toEqual([
            ['DIWALI5', 7],
            ['FESTIVAL5', 5],
          ]);
          expect((await quote(second, 'OTHER10')).body.promoCodeStatus).toBe('invalid');
        } finally {
          await second.close();
        }
      } finally {
        await first.close();
      }
    });

    it('replicas filling the same empty table together insert each code once, and none fails to start', async () => {
      // Each round, three replicas start together on an emptied table, one of them naming the codes
      // in the opposite order (unlocked, such inserts deadlock on MariaDB now and then). Production
      // runs replicas on MySQL; the embedded SQLite mode is one process by design, so there the
      // three starts are one app's.
      const codes = ['DIWALI5', 'LIGHTS5', 'RANGOLI5', 'SWEETS5'];
      const a = await createTestApp({ ...ENV, PROMO_CODES: '' });
      const replica = (order: string[]) =>
        createTestApp({ ...ENV, ...sameDatabaseAs(a), PROMO_CODES: order.join(',') }, { keepDatabase: true });
      const first = await replica(codes);
      const replicas =
        TEST_DATABASE === 'mysql' ? [first, await replica([...codes].reverse()), await replica(codes)] : [first, first, first];
      try {
        const repo = a.dataSource.getRepository(PromoCodeEntity);
        for (let round = 0; round < 30; round++) {
          await repo.clear();
          const starts = await Promise.allSettled(replicas.map((t) => t.app.get(PromoCodesService).onApplicationBootstrap()));
          expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
          const rows = await repo.find({ order: { code: 'ASC' } });
          expect(rows.map((row) => row.code)).toEqual([...codes].sort());
        }
        // Filled once: a start on a table that has codes adds none.
        await repo.delete({ code: 'LIGHTS5' });
        await replicas[0].app.get(PromoCodesService).onApplicationBootstrap();
        expect(await repo.count()).toBe(codes.length - 1);
      } finally {
        for (const t of new Set(replicas)) await t.close();
        await a.close();
      }
    });
  });

  describe('the manager’s routes', () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp(ENV);
      cookie = await managerCookie(t, PASSWORD);
    });
    afterAll(() => t.close());

    it.each([
      [{ code: '  ' }, 'code: Promo code is required'],
      [{ code: 'X'.repeat(41) }, 'code: Promo code cannot be longer than 40 characters'],
      [{ code: 'FREE PARTY' }, 'code: Promo code can only have letters, digits, - and _'],
      [{ code: 12 }, 'code: Expected string, received number'],
      [{ percentOff: 0 }, 'percentOff: Percent off must be at least 1'],
      [{ percentOff: 101 }, 'percentOff: Percent off cannot be more than 100'],
      [{ percentOff: 12.5 }, 'percentOff: Percent off must be a whole number'],
      [{ percentOff: '10' }, 'percentOff: Expected number, received string'],
      [{ maxUses: 0 }, 'maxUses: Maximum uses must be at least 1'],
      [{ maxUses: 2.5 }, 'maxUses: Maximum uses must be a whole number, or null for no limit'],
      [{ maxUses: 1_000_001 }, 'maxUses: Maximum uses cannot be more than 1,000,000'],
      [
        { validUntil: 'next week' },
        'validUntil: Valid until must be a date and time such as 2026-11-01T23:59:00-07:00, or null for no end',
      ],
      [
        { validUntil: '2026-11-01T23:59:00' },
        'validUntil: Valid until must be a date and time such as 2026-11-01T23:59:00-07:00, or null for no end',
      ],
      [{ active: 'yes' }, 'active: Expected boolean, received string'],
      [{ uses: 0 }, 'Unrecognized key: "uses"'],
    ])('refuses %j with a 400 naming the field, on create and on update, and saves nothing', async (changes, message) => {
      const before = await listCodes(t, cookie);
      const created = await createCode(t, cookie, { code: 'NEWCODE', percentOff: 10, ...changes }).expect(400);
      expect(created.body.message).toBe(message);
      const updated = await updateCode(t, cookie, before[0].id, changes, 400);
      expect(updated.body.message).toBe(message);
      expect(await listCodes(t, cookie)).toEqual(before);
    });

    it('refuses an update without every field, and a code without a percent', async () => {
      const [diwali] = await listCodes(t, cookie);
      const res = await t.http
        .put(`/api/admin/promo-codes/${diwali.id}`)
        .set('Cookie', cookie)
        .send({ code: 'DIWALI5', percentOff: 5, validUntil: null, active: true })
        .expect(400);
      expect(res.body.message).toBe('maxUses: Required');
      const created = await createCode(t, cookie, { code: 'NOPERCENT' }).expect(400);
      expect(created.body.message).toBe('percentOff: Required');
      await t.http
        .put('/api/admin/promo-codes/00000000-0000-4000-8000-000000000000')
        .set('Cookie', cookie)
        .send({ code: 'GHOST', percentOff: 5, maxUses: null, validUntil: null, active: true })
        .expect(404, { message: 'Promo code not found' });
    });

    it('creates a code trimmed and upper-case, refuses one that exists in any case, and lists it with its uses', async () => {
      const created = await createCode(t, cookie, { code: ' lights-10 ', percentOff: 10, maxUses: 50 }).expect(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code: 'LIGHTS-10',
        percentOff: 10,
        maxUses: 50,
        validUntil: null,
        active: true,
        uses: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await listCodes(t, cookie)).toContainEqual(created.body);
      const duplicate = await createCode(t, cookie, { code: 'diwali5', percentOff: 20 }).expect(409);
      expect(duplicate.body).toEqual({ message: 'A promo code DIWALI5 already exists' });
      const diwali = (await listCodes(t, cookie)).find((code) => code.code === 'DIWALI5')!;
      expect(diwali.percentOff).toBe(5);
      // Renaming onto another code is the same refusal.
      const clash = await updateCode(t, cookie, created.body.id as string, { code: 'Diwali5' }, 409);
      expect(clash.body).toEqual({ message: 'A promo code DIWALI5 already exists' });
    });

    it('writes one activity-log entry per create and update, naming what changed', async () => {
      const validUntil = '2026-11-01T23:59:00-08:00';
      const created = await createCode(t, cookie, { code: 'LOGGED', percentOff: 12, validUntil }).expect(201);
      await updateCode(t, cookie, created.body.id as string, { percentOff: 15, maxUses: 3, active: false }, 200);
      await updateCode(t, cookie, created.body.id as string, {}, 200);
      const log = await t.http.get('/api/admin/activity').set('Cookie', cookie).expect(200);
      const entries = (log.body.items as { action: string; object: string }[]).filter((entry) => entry.object === 'Promo code LOGGED');
      expect(entries).toEqual([
        expect.objectContaining({ who: 'Manager', role: 'manager', action: 'promo-code.update', detail: 'No change' }),
        expect.objectContaining({
          action: 'promo-code.update',
          detail: 'Percent off 12% → 15%; Maximum uses no limit → 3; Active yes → no',
        }),
        expect.objectContaining({
          action: 'promo-code.create',
          detail: `12% off, no limit, valid until ${formatSaleDate(validUntil, TIME_ZONE)}, active`,
        }),
      ]);
      expect(entries[2]).toMatchObject({ detail: '12% off, no limit, valid until Sunday, November 1, 2026 at 11:59 PM, active' });
      const filtered = await t.http.get('/api/admin/activity?action=promo-code.create').set('Cookie', cookie).expect(200);
      expect(filtered.body.items.length).toBeGreaterThan(0);
    });

    it('answers validUntil as the instant it was given', async () => {
      const created = await createCode(t, cookie, { code: 'UNTIL', percentOff: 5, validUntil: '2026-11-01T23:59:30.250-08:00' }).expect(
        201,
      );
      expect(created.body.validUntil).toBe('2026-11-02T07:59:30.250Z');
      const listed = (await listCodes(t, cookie)).find((code) => code.code === 'UNTIL')!;
      expect(listed.validUntil).toBe('2026-11-02T07:59:30.250Z');
    });

    it('is for the manager only: a door device gets 403', async () => {
      const door = await deviceCookie(t, cookie, 'Door 1', 'door');
      await t.http.get('/api/admin/promo-codes').set('Cookie', door).expect(403);
      await createCode(t, door, { code: 'SNEAKY', percentOff: 100 }).expect(403);
    });
  });

  describe('quotes, payment intents and uses', () => {
    let t: TestApp;
    let cookie: string;
    beforeEach(async () => {
      t = await createTestApp({ ...ENV, TICKET_CAPACITY: '100' });
      cookie = await managerCookie(t, PASSWORD);
    });
    afterEach(() => t.close());

    const codeId = async (code: string) => (await listCodes(t, cookie)).find((row) => row.code === code)!.id;
    const orderCount = () => t.dataSource.getRepository(PartyOrderEntity).count();

    it('quotes a valid code at its own percent, trimmed and in any case; the intent sells at it and keeps the code', async () => {
      await createCode(t, cookie, { code: 'LIGHTS15', percentOff: 15 }).expect(201);
      const expected = priceParty({ adultTickets: 10, childTickets: 0, adultPriceCents: 4999, childPriceCents: 2999, promoPercent: 15 });
      const res = await quote(t, '  lights15 ', 10, 0);
      // 10 adults: 49990; group 3 % 1500; 15 % of 48490 = 7273.5 -> 7274; 41216; tax 3866.
      expect(res.body).toEqual({ ...expected, promoCodeStatus: 'valid' });
      expect(res.body).toMatchObject({ promoDiscountPercent: 15, promoDiscountCents: 7274, totalCents: 45082 });
      expect((await quote(t, 'DIWALI5')).body).toMatchObject({ promoCodeStatus: 'valid', promoDiscountPercent: 5, totalCents: 13505 });
      expect((await quote(t, undefined)).body).toMatchObject({ promoCodeStatus: 'none', promoDiscountPercent: 0, totalCents: 14216 });
      expect((await quote(t, '')).body).toMatchObject({ promoCodeStatus: 'none', promoDiscountPercent: 0 });

      const order = buyer({ adultTickets: 10, childTickets: 0, promoCode: 'lights15', promoPercent: 15 });
      expect(order.body.totalAmount).toBe(45082);
      const placed = await startOrder(t, order).expect(200);
      expect(await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: placed.body.orderId })).toMatchObject({
        promoCode: 'LIGHTS15',
        promoDiscountPercent: 15,
        promoDiscountCents: 7274,
        totalCents: 45082,
      });
      // The page's price at 5 % is not the code's: the buyer is told the total.
      const stale = await startOrder(t, buyer({ adultTickets: 10, childTickets: 0, promoCode: 'LIGHTS15' })).expect(409);
      expect(stale.body).toEqual({ message: 'The price has changed: the total is now $450.82. Please review your order.' });
    });

    it('a changed percent is the next quote’s, and a buyer quoted the old one is told the new total', async () => {
      const quoted = buyer({ promoCode: 'DIWALI5' });
      await updateCode(t, cookie, await codeId('DIWALI5'), { percentOff: 10 }, 200);
      expect((await quote(t, 'DIWALI5')).body).toMatchObject({ promoDiscountPercent: 10, promoDiscountCents: 1300 });
      const res = await startOrder(t, quoted).expect(409);
      expect(res.body.message).toMatch(/^The price has changed: the total is now \$\d+\.\d\d\. Please review your order\.$/);
      await startOrder(t, buyer({ promoCode: 'DIWALI5', promoPercent: 10 })).expect(200);
    });

    it('an unknown or switched-off code is invalid: the quote says so and takes nothing off, the intent is a 400', async () => {
      expect((await quote(t, 'FREEPARTY')).body).toMatchObject({
        promoCodeStatus: 'invalid',
        promoDiscountPercent: 0,
        promoDiscountCents: 0,
      });
      const unknown = await startOrder(t, buyer({ promoCode: 'FREEPARTY', promoApplied: false })).expect(400);
      expect(unknown.body).toEqual({ message: 'Invalid promo code' });

      await updateCode(t, cookie, await codeId('FESTIVAL5'), { active: false }, 200);
      expect((await quote(t, 'festival5')).body).toMatchObject({ promoCodeStatus: 'invalid', promoDiscountPercent: 0, totalCents: 14216 });
      const off = await startOrder(t, buyer({ promoCode: 'FESTIVAL5' })).expect(400);
      expect(off.body).toEqual({ message: 'Invalid promo code' });
      // Switched off wins over expired and used up.
      await updateCode(t, cookie, await codeId('FESTIVAL5'), { validUntil: new Date(Date.now() - HOUR).toISOString(), maxUses: 1 }, 200);
      expect((await quote(t, 'FESTIVAL5')).body.promoCodeStatus).toBe('invalid');
      expect(await orderCount()).toBe(0);

      await updateCode(t, cookie, await codeId('FESTIVAL5'), { active: true, validUntil: null }, 200);
      await startOrder(t, buyer({ promoCode: 'FESTIVAL5' })).expect(200);
    });

    it('an expired code: the quote says so and takes nothing off, the intent is a 409 and creates nothing', async () => {
      const id = await codeId('DIWALI5');
      const order = buyer({ promoCode: 'DIWALI5' });
      await updateCode(t, cookie, id, { validUntil: new Date(Date.now() + HOUR).toISOString() }, 200);
      expect((await quote(t, 'DIWALI5')).body.promoCodeStatus).toBe('valid');

      await updateCode(t, cookie, id, { validUntil: new Date(Date.now() - 1000).toISOString() }, 200);
      expect((await quote(t, 'DIWALI5')).body).toMatchObject({ promoCodeStatus: 'expired', promoDiscountPercent: 0, totalCents: 14216 });
      const res = await startOrder(t, order).expect(409);
      expect(res.body).toEqual({ message: 'This promo code has expired' });
      expect(await orderCount()).toBe(0);
    });

    it('a used-up code: the quote counts paid orders, the intent counts live holds too', async () => {
      const id = await codeId('DIWALI5');
      await updateCode(t, cookie, id, { maxUses: 2 }, 200);
      const first = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
      await pay(t, first.body.clientSecret as string);
      const second = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
      // One paid, one held: the quote (paid orders) still says valid; the intent counts the hold.
      expect((await quote(t, 'DIWALI5')).body.promoCodeStatus).toBe('valid');
      const refused = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(409);
      expect(refused.body).toEqual({ message: 'This promo code has been used up' });
      expect(await orderCount()).toBe(2);

      await pay(t, second.body.clientSecret as string);
      expect((await quote(t, 'DIWALI5')).body).toMatchObject({ promoCodeStatus: 'used-up', promoDiscountPercent: 0, totalCents: 14216 });
      expect((await listCodes(t, cookie)).find((code) => code.code === 'DIWALI5')!.uses).toBe(2);
      // Other codes and no code are unaffected.
      await startOrder(t, buyer({ promoCode: 'FESTIVAL5' })).expect(200);
      await startOrder(t, buyer()).expect(200);
    });

    it('a lapsed hold gives its use back; the same buyer asking again is not refused by their own hold', async () => {
      await updateCode(t, cookie, await codeId('DIWALI5'), { maxUses: 1 }, 200);
      const again = buyer({ promoCode: 'DIWALI5' });
      await startOrder(t, again).expect(200);
      // The same buyer (same e-mail): the new hold replaces theirs.
      await startOrder(t, { ...again, body: { ...again.body, adultTickets: 1, childTickets: 0, totalAmount: priceOf(1, 0, 5) } }).expect(
        200,
      );
      await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(409);

      await t.dataSource.getRepository(PartyOrderEntity).update({ status: 'pending' }, { holdExpiresAt: new Date(Date.now() - 1000) });
      await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
    });

    it('F1: a late payment of a lapsed hold whose code was used meanwhile is refunded; the code never goes past its limit', async () => {
      await updateCode(t, cookie, await codeId('DIWALI5'), { maxUses: 1 }, 200);
      const repo = t.dataSource.getRepository(PartyOrderEntity);
      const late = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
      await repo.update({ id: late.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
      const quick = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
      await pay(t, quick.body.clientSecret as string);
      const paid = await t.http
        .post('/api/payments/simulated/confirm')
        .send({ clientSecret: late.body.clientSecret, ...CARD })
        .expect(200);
      const refused = await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(409);
      expect(refused.body.message).toContain('the promo code was used up meanwhile');
      expect((await repo.findOneByOrFail({ id: late.body.orderId })).status).toBe('refunded');
      expect((await listCodes(t, cookie)).find((code) => code.code === 'DIWALI5')!.uses).toBe(1);
      expect((await quote(t, 'DIWALI5')).body.promoCodeStatus).toBe('used-up');
    });

    it('refuses a limit below the paid orders so far, and a new code text once an order carries the code', async () => {
      const id = await codeId('DIWALI5');
      for (let i = 0; i < 2; i += 1) {
        const placed = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
        await pay(t, placed.body.clientSecret as string);
      }
      const low = await updateCode(t, cookie, id, { maxUses: 1 }, 409);
      expect(low.body).toEqual({ message: 'Maximum uses cannot be below the 2 uses so far' });
      await updateCode(t, cookie, id, { maxUses: 2 }, 200);
      expect((await quote(t, 'DIWALI5')).body.promoCodeStatus).toBe('used-up');

      const renamed = await updateCode(t, cookie, id, { code: 'DIWALI-5' }, 409);
      expect(renamed.body).toEqual({
        message: 'The code DIWALI5 cannot change: orders have used it. Switch it off and add a new promo code instead',
      });
      // A code no order carries may be renamed; the old text is then unknown.
      const unused = await updateCode(t, cookie, await codeId('FESTIVAL5'), { code: 'festival-10', percentOff: 10 }, 200);
      expect(unused.body).toMatchObject({ code: 'FESTIVAL-10', percentOff: 10, uses: 0 });
      expect((await quote(t, 'FESTIVAL5')).body.promoCodeStatus).toBe('invalid');
      expect((await quote(t, 'festival-10')).body).toMatchObject({ promoCodeStatus: 'valid', promoDiscountPercent: 10 });
    });

    it.each([
      ['held', false],
      ['paid', true],
    ])('two buyers racing for the last use (the first %s): exactly one hold, one 409 used up', async (_label, payFirst) => {
      await updateCode(t, cookie, await codeId('DIWALI5'), { maxUses: 2 }, 200);
      const earlier = await startOrder(t, buyer({ promoCode: 'DIWALI5' })).expect(200);
      if (payFirst) await pay(t, earlier.body.clientSecret as string);
      const results = await Promise.all([startOrder(t, buyer({ promoCode: 'DIWALI5' })), startOrder(t, buyer({ promoCode: 'DIWALI5' }))]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(results.find((res) => res.status === 409)!.body).toEqual({ message: 'This promo code has been used up' });
      expect(await t.dataSource.getRepository(PartyOrderEntity).countBy({ promoCode: 'DIWALI5' })).toBe(2);
    });

    it('a code with one use and a rush of buyers: exactly one hold; once paid, one use', async () => {
      await updateCode(t, cookie, await codeId('DIWALI5'), { maxUses: 1 }, 200);
      const orders = Array.from({ length: 8 }, () => buyer({ promoCode: 'DIWALI5', adultTickets: 1, childTickets: 0 }));
      const results = await Promise.all(orders.map((order) => startOrder(t, order)));
      const placed = results.filter((res) => res.status === 200);
      expect(placed).toHaveLength(1);
      for (const refused of results.filter((res) => res.status !== 200)) {
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ message: 'This promo code has been used up' });
      }
      await pay(t, placed[0].body.clientSecret as string);
      const again = await Promise.all(
        [1, 2, 3].map(() => startOrder(t, buyer({ promoCode: 'DIWALI5', adultTickets: 1, childTickets: 0 }))),
      );
      expect(again.map((res) => res.status)).toEqual([409, 409, 409]);
      expect((await listCodes(t, cookie)).find((code) => code.code === 'DIWALI5')!.uses).toBe(1);
      expect(await t.dataSource.getRepository(PartyOrderEntity).countBy({ promoCode: 'DIWALI5' })).toBe(1);
    });
  });
});

function priceOf(adultTickets: number, childTickets: number, promoPercent: number): number {
  return priceParty({ adultTickets, childTickets, adultPriceCents: 4999, childPriceCents: 2999, promoPercent }).totalCents;
}
