import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MY_TICKETS_LINK_ANSWER,
  MY_TICKETS_LINK_USED,
  type GuestMeal,
  type MealSettings,
  type MyTickets,
  type PartyGuest,
} from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import type { Response } from 'supertest';
import { IsNull } from 'typeorm';
import { GuestLinkEntity } from '../src/modules/guest-account/guest-link.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';
import { zipEntries } from './support/zip-entries.js';

const PASSWORD = 'my-tickets-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const MEALS: MealSettings = { options: ['Vegetarian', 'Non-vegetarian', 'Jain'], allergens: ['peanuts', 'dairy'], choicesCloseAt: null };
const PASS_TYPE_ID = 'pass.example.festival.tickets';
const TEAM_ID = 'TEAM123456';
const KEY_PASSPHRASE = 'lantern-key-passphrase';

let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1)}`;
const veg = (overrides: Partial<PartyGuest> = {}): PartyGuest => ({ meal: 'Vegetarian', allergens: [], ...overrides });
/** Reads a binary answer (a PDF, a pass) whole, as a Buffer. */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  // In Node the response handed to a parser is the HTTP message stream.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** A test CA (standing in for Apple's WWDR) and a Pass Type ID certificate it signed, made with openssl. */
function makeCertificates(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR CA',
  );
  openssl('genrsa', '-aes256', '-passout', `pass:${KEY_PASSPHRASE}`, '-out', 'signer.key', '2048');
  openssl(
    'req',
    '-new',
    '-key',
    'signer.key',
    '-passin',
    `pass:${KEY_PASSPHRASE}`,
    '-out',
    'signer.csr',
    '-subj',
    `/UID=${PASS_TYPE_ID}/CN=Pass Type ID: ${PASS_TYPE_ID}/OU=${TEAM_ID}`,
  );
  openssl('x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2');
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'signer.pem'), key: join(dir, 'signer.key') };
}

describe(`My tickets, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;
  let certDir: string;
  let certs: ReturnType<typeof makeCertificates>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    certDir = mkdtempSync(join(tmpdir(), 'festival-wallet-'));
    certs = makeCertificates(certDir);
    t = await createTestApp({
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_ATTEMPTS_PER_15_MINUTES: '100',
      SMTP_URL: sink.url,
      MY_TICKETS_LINKS_PER_EMAIL_PER_HOUR: '10',
      MY_TICKETS_LINKS_PER_ADDRESS_PER_HOUR: '6',
      WALLET_PASS_CERT: certs.cert,
      WALLET_PASS_KEY: certs.key,
      WALLET_PASS_KEY_PASSPHRASE: KEY_PASSPHRASE,
      WALLET_WWDR_CERT: certs.ca,
      WALLET_PASS_TYPE_ID: PASS_TYPE_ID,
      WALLET_TEAM_ID: TEAM_ID,
    });
    manager = await managerCookie(t, PASSWORD);
    await saveMeals(MEALS);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  const saveMeals = (body: MealSettings) => t.http.put('/api/admin/settings/meals').set('Cookie', manager).send(body).expect(200);
  const sentTo = (email: string): ReceivedMail[] => sink.messages.filter((m) => m.envelopeTo.includes(email));
  async function mailsTo(email: string, count: number): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 10_000;
    while (sentTo(email).length < count) {
      if (Date.now() > deadline) throw new Error(`Fewer than ${count} e-mails to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return sentTo(email);
  }
  const askLink = (email: string, address = nextAddress()) =>
    t.http.post('/api/my-tickets/link').set('X-Forwarded-For', address).send({ email });
  const linkTokenOf = (mail: ReceivedMail) => /\/my-tickets\?link=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '')![1]!;
  /** The newest link e-mailed to `email` (after `before` link e-mails). */
  async function newLink(email: string): Promise<string> {
    const before = sentTo(email).filter((m) => m.parsed.subject === 'Your Diwali party tickets').length;
    await askLink(email).expect(202);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const links = sentTo(email).filter((m) => m.parsed.subject === 'Your Diwali party tickets');
      if (links.length > before) return linkTokenOf(links[links.length - 1]!);
      if (Date.now() > deadline) throw new Error(`No link e-mailed to ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const cookieOf = (res: Response) => {
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('guest_session='));
    return header!.split(';')[0]!;
  };
  async function signIn(email: string): Promise<{ cookie: string; tickets: MyTickets }> {
    const res = await t.http
      .post('/api/my-tickets/session')
      .send({ token: await newLink(email) })
      .expect(200);
    return { cookie: cookieOf(res), tickets: res.body as MyTickets };
  }

  /** A paid order (2 adults and 1 child unless told) with a meal row per seat. */
  async function buy(email: string, guests: PartyGuest[], tickets: Parameters<typeof createPartyOrderRequest>[0] = {}): Promise<string> {
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: email, customerName: 'Meera Iyer', ...tickets, guests }))
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'party_ticket', clientSecret: held.body.clientSecret })
      .expect(200);
    return held.body.orderId as string;
  }

  it('answers a known and an unknown e-mail alike, and e-mails a link only to the address with tickets', async () => {
    await buy('meera@example.com', [veg({ name: 'Meera' }), veg(), veg()]);
    const known = await askLink('Meera@Example.com').expect(202);
    const unknown = await askLink('nobody-here@example.com').expect(202);
    expect(known.body).toEqual({ message: MY_TICKETS_LINK_ANSWER });
    expect(unknown.body).toEqual(known.body);

    // The confirmation and the link, in whichever order they went out.
    const link = (await mailsTo('meera@example.com', 2)).find((m) => m.parsed.subject === 'Your Diwali party tickets');
    expect(link!.parsed.subject).toBe('Your Diwali party tickets');
    expect(link!.parsed.html).toContain('See my tickets');
    expect(link!.parsed.html).toMatch(/href="http[^"]+\/my-tickets\?link=[A-Za-z0-9_-]{40,}"/);
    await new Promise((r) => setTimeout(r, 300));
    expect(sentTo('nobody-here@example.com')).toEqual([]);
    // Only the token's hash is kept.
    const rows = await t.dataSource.getRepository(GuestLinkEntity).find();
    expect(rows.some((row) => row.tokenHash === linkTokenOf(link!))).toBe(false);
    expect(rows.filter((row) => row.email === null)).toHaveLength(1);
  });

  it('a link signs in once: a used link and one 31 minutes old are refused with 410', async () => {
    const token = await newLink('meera@example.com');
    const first = await t.http.post('/api/my-tickets/session').send({ token }).expect(200);
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('guest_session='))!;
    expect(
      cookie
        .split('; ')
        .slice(1)
        .filter((part) => !part.startsWith('Expires='))
        .sort(),
    ).toEqual(['HttpOnly', 'Max-Age=43200', 'Path=/api/my-tickets', 'SameSite=Lax']);
    expect((first.body as MyTickets).email).toBe('meera@example.com');

    const again = await t.http.post('/api/my-tickets/session').send({ token }).expect(410);
    expect(again.body.message).toBe(MY_TICKETS_LINK_USED);

    const old = await newLink('meera@example.com');
    const links = t.dataSource.getRepository(GuestLinkEntity);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await links.update({ email: 'meera@example.com', usedAt: IsNull() }, { createdAt: ago(31), expiresAt: ago(1) });
    expect((await t.http.post('/api/my-tickets/session').send({ token: old }).expect(410)).body.message).toBe(MY_TICKETS_LINK_USED);
    expect((await t.http.post('/api/my-tickets/session').send({ token: 'not-a-link-token' }).expect(410)).body.message).toBe(
      MY_TICKETS_LINK_USED,
    );
  });

  it('without a session every guest route is 401, and a bad e-mail is a 400', async () => {
    for (const res of [
      await t.http.get('/api/my-tickets'),
      await t.http.get('/api/my-tickets').set('Cookie', 'guest_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
      await t.http.post('/api/my-tickets/orders/00000000-0000-4000-8000-000000000000/resend'),
      await t.http.get('/api/my-tickets/orders/00000000-0000-4000-8000-000000000000/tickets.pdf'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Sign in with the link we e-mailed you');
    }
    expect((await askLink('not-an-email').expect(400)).body.message).toBe('email: Invalid email address');
  });

  it("shows the address's orders newest first, each with its door code, QR and meals, and no one else's", async () => {
    await buy('someone-else@example.com', [veg(), veg(), veg()]);
    const second = await buy('meera@example.com', [veg({ name: 'Asha' }), veg({ meal: 'Jain', allergens: ['dairy'] })], {
      adultTickets: 2,
      childTickets: 0,
    });
    const { tickets } = await signIn('meera@example.com');
    expect(tickets.event).toEqual({
      name: expect.any(String),
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      venue: expect.any(String),
    });
    expect(tickets.meals).toEqual({ options: MEALS.options, allergens: MEALS.allergens, open: true });
    expect(tickets.walletPasses).toBe(true);
    expect(tickets.orders.map((o) => o.orderId)[0]).toBe(second);
    expect(tickets.orders).toHaveLength(2);
    const [newest, first] = tickets.orders;
    expect(newest!.tickets).toEqual([{ label: '2 × Adult', seats: 2 }]);
    expect(first!.tickets).toEqual([
      { label: '2 × Adult', seats: 2 },
      { label: '1 × Child', seats: 1 },
    ]);
    expect(newest!.status).toBe('paid');
    expect(newest!.doorCode).toMatch(/^[A-Z2-7]{128}$/);
    expect(newest!.qrSvg).toMatch(/^<svg [^>]*viewBox/);
    expect(newest!.guests.map((g) => [g.seat, g.name, g.meal, g.allergens])).toEqual([
      [1, 'Asha', 'Vegetarian', []],
      [2, null, 'Jain', ['dairy']],
    ]);
    expect(newest!.keptCard).toBeNull();
    expect(tickets.drinks).toEqual({ tabs: [], orders: [] });
  });

  it('lets the guest change a meal while meal choices are open, and answers 409 after they close', async () => {
    const orderId = await buy('ravi@example.com', [veg(), veg(), veg()]);
    const { cookie } = await signIn('ravi@example.com');
    const changed = await t.http
      .put(`/api/my-tickets/orders/${orderId}/guests/2`)
      .set('Cookie', cookie)
      .send({ name: 'Ravi', meal: 'Non-vegetarian', allergens: ['peanuts'] })
      .expect(200);
    expect((changed.body as GuestMeal[])[1]).toMatchObject({ seat: 2, name: 'Ravi', meal: 'Non-vegetarian', allergens: ['peanuts'] });
    // The activity log says the guest made the change.
    const logged = (
      (await t.http.get('/api/admin/activity?action=ticket.meal&pageSize=200').set('Cookie', manager).expect(200)).body as {
        items: { who: string; role: string | null; object: string | null; detail: string | null }[];
      }
    ).items.filter((entry) => entry.object?.includes(orderId.slice(0, 8).toUpperCase()));
    expect(logged.map((entry) => [entry.who, entry.role, entry.detail])).toEqual([
      ['Guest', null, 'Seat 2: Vegetarian (allergens none) → Non-vegetarian (allergens peanuts)'],
    ]);
    const bad = await t.http.put(`/api/my-tickets/orders/${orderId}/guests/2`).set('Cookie', cookie).send({ meal: 'Vegan', allergens: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('meal: Choose a meal: Vegetarian, Non-vegetarian or Jain');
    // Another address's order is not the guest's.
    const meeraOrder = (await signIn('meera@example.com')).tickets.orders[0]!.orderId;
    await t.http.put(`/api/my-tickets/orders/${meeraOrder}/guests/1`).set('Cookie', cookie).send(veg()).expect(404);

    await saveMeals({ ...MEALS, choicesCloseAt: new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00') });
    const closed = await t.http.put(`/api/my-tickets/orders/${orderId}/guests/2`).set('Cookie', cookie).send(veg()).expect(409);
    expect(closed.body.message).toBe('Meal choices have closed: please ask the restaurant to change a meal');
    const mine = (await t.http.get('/api/my-tickets').set('Cookie', cookie).expect(200)).body as MyTickets;
    expect(mine.meals?.open).toBe(false);
    expect(mine.orders[0]!.guests[1]!.meal).toBe('Non-vegetarian');
    await saveMeals(MEALS);
  });

  it('e-mails an order again', async () => {
    const orderId = await buy('kiran@example.com', [veg(), veg(), veg()]);
    const { cookie } = await signIn('kiran@example.com');
    const before = sentTo('kiran@example.com').length;
    const res = await t.http.post(`/api/my-tickets/orders/${orderId}/resend`).set('Cookie', cookie).expect(202);
    expect(res.body).toEqual({ message: "We've sent your tickets again" });
    const mails = await mailsTo('kiran@example.com', before + 1);
    expect(mails[mails.length - 1]!.parsed.subject).toMatch(/^Your tickets for .+ · [0-9A-F]{8}$/);
  });

  it('throttles links per e-mail (known or not) and per client address', async () => {
    // Ten an hour per e-mail address, each asked from another client address.
    for (let i = 0; i < 10; i += 1) await askLink('throttled@example.com').expect(202);
    const perEmail = await askLink('throttled@example.com').expect(429);
    expect(perEmail.body.message).toBe('Too many links asked for this e-mail address. Please wait a few minutes and try again.');
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);
    // Six an hour per client address, whatever the e-mails.
    const address = nextAddress();
    for (let i = 0; i < 6; i += 1) await askLink(`other-${i}@example.com`, address).expect(202);
    const perAddress = await askLink('fresh@example.com', address).expect(429);
    expect(perAddress.body.message).toBe('Too many links asked for from this address. Please wait a few minutes and try again.');
    await askLink('fresh@example.com').expect(202);
  });

  it('downloads a PDF with one page per ticket', async () => {
    const orderId = await buy('priya@example.com', [veg({ name: 'Priya' }), veg(), veg()]);
    const { cookie } = await signIn('priya@example.com');
    const res = await t.http
      .get(`/api/my-tickets/orders/${orderId}/tickets.pdf`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);
    await t.http
      .get(`/api/my-tickets/orders/${orderId}/tickets.pdf`)
      .set('Cookie', (await signIn('meera@example.com')).cookie)
      .expect(404);
  });

  it("makes an Apple Wallet pass with the order's code as its barcode, signed with the pass certificate", async () => {
    const orderId = await buy('dev@example.com', [veg(), veg(), veg()]);
    const { cookie, tickets } = await signIn('dev@example.com');
    const res = await t.http
      .get(`/api/my-tickets/orders/${orderId}/wallet.pkpass`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = zipEntries(res.body as Buffer);
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(pass.passTypeIdentifier).toBe(PASS_TYPE_ID);
    expect(pass.teamIdentifier).toBe(TEAM_ID);
    expect(pass.serialNumber).toBe(orderId);
    expect(pass.barcodes[0]).toMatchObject({ message: tickets.orders[0]!.doorCode, format: 'PKBarcodeFormatQR' });

    const dir = mkdtempSync(join(tmpdir(), 'festival-pkpass-'));
    try {
      writeFileSync(join(dir, 'manifest.json'), files.get('manifest.json')!);
      writeFileSync(join(dir, 'signature'), files.get('signature')!);
      const verified = execFileSync(
        'openssl',
        [
          'smime',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'signature',
          '-content',
          'manifest.json',
          '-CAfile',
          certs.ca,
          '-purpose',
          'any',
          '-signer',
          'signer.pem',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, stdio: 'pipe' },
      );
      expect(verified.toString()).toBe('');
      const signer = execFileSync('openssl', ['x509', '-in', join(dir, 'signer.pem'), '-noout', '-fingerprint', '-sha256']).toString();
      expect(signer).toBe(execFileSync('openssl', ['x509', '-in', certs.cert, '-noout', '-fingerprint', '-sha256']).toString());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs out: the cookie is cleared and the session ends on the server', async () => {
    const { cookie } = await signIn('meera@example.com');
    await t.http.get('/api/my-tickets').set('Cookie', cookie).expect(200);
    const out = await t.http.post('/api/my-tickets/sign-out').set('Cookie', cookie).expect(204);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []).find((c) => c.startsWith('guest_session='))!;
    expect(cleared).toMatch(/^guest_session=;/);
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(cleared).toContain('Path=/api/my-tickets');
    expect((await t.http.get('/api/my-tickets').set('Cookie', cookie).expect(401)).body.message).toBe(
      'Sign in with the link we e-mailed you',
    );
  });
});
