import { DEFAULT_SITE_CONFIG, type Drink } from '@festival/contracts';
import { SiteService } from '../src/modules/settings/site.service.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createDrinkPaymentRequest, MENU, payDrinks, staffCookie } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'hot-reads-staff-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const HOT_READS = ['/api/site', '/api/drinks', '/api/party-ticket-stats'];

const available = (drinks: Drink[], id: string) => drinks.find((d) => d.id === id)!.available;

/** The headers a caller can compare (the request id and the date differ on every answer). */
function comparable(headers: Record<string, string>): Record<string, string> {
  const { date: _date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, 'set-cookie': _s, ...rest } = headers;
  return rest;
}

describe(`hot reads (cached site, menu and ticket stats) on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, TICKET_CAPACITY: '20' });
    cookie = await staffCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  describe('a change is visible at once on the same process', () => {
    it('ticket stats: a hold, its payment and a release', async () => {
      const before = (await t.http.get('/api/party-ticket-stats').expect(200)).body.remaining as number;
      const hold = await t.http
        .post('/api/party-payment-intent')
        .send(createPartyOrderRequest({ adultTickets: 2, childTickets: 1 }))
        .expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: before - 3 });

      const paid = await t.http
        .post('/api/payments/simulated/confirm')
        .send({ clientSecret: hold.body.clientSecret, ...CARD })
        .expect(200);
      await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: before - 3 });

      // A lapsed hold gives its tickets back; the next hold (checked in the database) counts it.
      const second = await t.http
        .post('/api/party-payment-intent')
        .send(createPartyOrderRequest({ adultTickets: 1, childTickets: 0 }))
        .expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: before - 4 });
      await t.dataSource
        .getRepository(PartyOrderEntity)
        .update({ id: second.body.orderId }, { holdExpiresAt: new Date(Date.now() - 1000) });
      await t.http
        .post('/api/party-payment-intent')
        .send(createPartyOrderRequest({ adultTickets: 1, childTickets: 1 }))
        .expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: before - 5 });
    });

    it('ticket stats: the last tickets sold show as none left, and a hold beyond them is refused', async () => {
      const { remaining } = (await t.http.get('/api/party-ticket-stats').expect(200)).body as { remaining: number };
      await t.http
        .post('/api/party-payment-intent')
        // Another buyer: a buyer's new hold would release the unpaid one of the test above.
        .send(createPartyOrderRequest({ adultTickets: remaining, childTickets: 0, customerEmail: 'last-buyer@example.com' }))
        .expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 0 });
      const refused = await t.http
        .post('/api/party-payment-intent')
        .send(createPartyOrderRequest({ adultTickets: 1, childTickets: 0, customerEmail: 'too-late@example.com' }))
        .expect(409);
      expect(refused.body).toEqual({ message: 'Sorry, the party is sold out' });
    });

    it('drinks menu: a paid order takes stock and a staff edit sets it, both shown at once', async () => {
      const before = available((await t.http.get('/api/drinks').expect(200)).body, MENU.mangoLassi.id);
      const { paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest());
      await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
      expect(available((await t.http.get('/api/drinks').expect(200)).body, MENU.mangoLassi.id)).toBe(before - 2);

      await t.http.patch(`/api/admin/drinks/${MENU.mangoLassi.id}`).set('Cookie', cookie).send({ available: 0 }).expect(200);
      expect(available((await t.http.get('/api/drinks').expect(200)).body, MENU.mangoLassi.id)).toBe(0);
      await t.http.patch(`/api/admin/drinks/${MENU.mangoLassi.id}`).set('Cookie', cookie).send({ available: 30 }).expect(200);
      expect(available((await t.http.get('/api/drinks').expect(200)).body, MENU.mangoLassi.id)).toBe(30);
    });

    it('site: a settings change', async () => {
      await t.http.get('/api/site').expect(200);
      await t.app
        .get(SiteService)
        .update({ ...DEFAULT_SITE_CONFIG, party: { ...DEFAULT_SITE_CONFIG.party, name: 'Diwali DJ Night, Second Hall' } });
      const res = await t.http.get('/api/site').expect(200);
      expect(res.body.party.name).toBe('Diwali DJ Night, Second Hall');
    });
  });

  describe('ETag and If-None-Match', () => {
    it.each(HOT_READS)('%s answers 304 with no body to its own ETag, and 200 to another', async (path) => {
      const first = await t.http.get(path).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await t.http.get(path).set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      await t.http.get(path).set('If-None-Match', 'W/"something-else"').expect(200);
    });

    it('compresses the menu by Accept-Encoding with the same ETag, and still answers 304 to it', async () => {
      const plain = await t.http.get('/api/drinks').set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const compressed = await t.http.get('/api/drinks').set('Accept-Encoding', `${encoding}, deflate`).expect(200);
        expect(compressed.headers['content-encoding']).toBe(encoding);
        expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
        expect(compressed.headers.etag).toBe(plain.headers.etag);
        expect(compressed.body).toEqual(plain.body);
        await t.http.get('/api/drinks').set('Accept-Encoding', encoding).set('If-None-Match', plain.headers.etag).expect(304);
      }
      // Below the threshold (1 KB) an answer goes as it is.
      const stats = await t.http.get('/api/party-ticket-stats').set('Accept-Encoding', 'br').expect(200);
      expect(stats.headers['content-encoding']).toBeUndefined();
    });

    it('gives a new ETag once the answer changes, so a revalidating browser gets the new stock', async () => {
      const first = await t.http.get('/api/drinks').expect(200);
      await t.http.patch(`/api/admin/drinks/${MENU.kingfisher.id}`).set('Cookie', cookie).send({ available: 7 }).expect(200);
      const changed = await t.http.get('/api/drinks').set('If-None-Match', first.headers.etag).expect(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
      expect(available(changed.body, MENU.kingfisher.id)).toBe(7);
    });
  });

  describe('headers', () => {
    it('sets the Cache-Control chosen for each endpoint', async () => {
      expect((await t.http.get('/api/site').expect(200)).headers['cache-control']).toBe('public, max-age=60');
      expect((await t.http.get('/api/drinks').expect(200)).headers['cache-control']).toBe('no-cache');
      expect((await t.http.get('/api/party-ticket-stats').expect(200)).headers['cache-control']).toBe('no-cache');
    });

    it.each(HOT_READS)('%s answers a guest exactly as the application answers staff: same body, ETag and headers', async (path) => {
      const guest = await t.http.get(path).expect(200);
      const staff = await t.http.get(path).set('Cookie', cookie).expect(200);
      expect(guest.text).toBe(staff.text);
      expect(comparable(guest.headers)).toEqual(comparable(staff.headers));
      expect(guest.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(guest.headers['x-content-type-options']).toBe('nosniff');
      expect(guest.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(guest.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(guest.headers['set-cookie']).toBeUndefined();
    });

    it('keeps a valid X-Request-Id the caller sent', async () => {
      const res = await t.http.get('/api/drinks').set('X-Request-Id', 'edge-request-12345').expect(200);
      expect(res.headers['x-request-id']).toBe('edge-request-12345');
    });
  });
});
