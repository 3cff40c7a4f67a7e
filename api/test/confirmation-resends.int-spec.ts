import QRCode from 'qrcode';
import { CONFIRMATION_RESENDS_PER_HOUR, normaliseTicketCode, type ActivityEntry } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { ConfirmationResendEntity } from '../src/modules/tickets/confirmation-resend.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { TicketEmailService } from '../src/modules/tickets/ticket-email.service.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'resend-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const TOO_MANY =
  /^Your tickets have already been e-mailed again 3 times in the last hour\. Please check your spam folder, or try again in \d+ minutes?\.$/;

interface Bought {
  orderId: string;
  clientSecret: string;
  paymentIntentId: string;
  email: string;
}

let addresses = 0;
/** Each buyer from its own client address: the per-address payment and hold limits stay out of the way. */
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

describe(`the guest's tickets after paying, and their resends, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let manager: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', SMTP_URL: sink.url });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Holds tickets and pays for them as a guest's browser does; does not confirm. */
  async function hold(email: string): Promise<Omit<Bought, 'paymentIntentId'>> {
    const created = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(createPartyOrderRequest({ customerEmail: email }))
      .expect(200);
    return { orderId: created.body.orderId as string, clientSecret: created.body.clientSecret as string, email };
  }

  /** A paid order whose first confirmation e-mail has arrived. */
  async function buy(email: string): Promise<Bought> {
    const held = await hold(email);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ clientSecret: held.clientSecret, ...CARD })
      .expect(200);
    await mailsTo(email, 1);
    return { ...held, paymentIntentId: paid.body.id as string };
  }

  const sentTo = (email: string): ReceivedMail[] => sink.messages.filter((m) => m.envelopeTo.includes(email));

  /** Waits until `email` has received `count` messages. */
  async function mailsTo(email: string, count: number): Promise<ReceivedMail[]> {
    const deadline = Date.now() + 10_000;
    while (sentTo(email).length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} messages to ${email}, got ${sentTo(email).length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return sentTo(email);
  }

  /** Lets every queued send finish, then a little longer: what has not arrived by then was not sent. */
  async function settled(): Promise<void> {
    await t.app.get(TicketEmailService).idle();
    await new Promise((r) => setTimeout(r, 300));
    await t.app.get(TicketEmailService).idle();
  }

  const printedCode = (mail: ReceivedMail): string =>
    normaliseTicketCode(/Ticket code, if the QR code cannot be scanned:\n([A-Z2-7 ]+)\n/.exec(mail.parsed.text ?? '')?.[1] ?? '');
  const qrOf = (mail: ReceivedMail): Buffer =>
    Buffer.from(mail.parsed.attachments.find((a) => a.mimeType === 'image/png')!.content as ArrayBuffer);
  const calendarOf = (mail: ReceivedMail): string => {
    const content = mail.parsed.attachments.find((a) => a.mimeType === 'text/calendar')!.content;
    return typeof content === 'string' ? content : Buffer.from(content as ArrayBuffer).toString('utf8');
  };
  const withoutStamp = (ics: string) => ics.replace(/\r\n/g, '\n').replace(/^DTSTAMP:.*$/m, 'DTSTAMP:-');

  const guestResend = (orderId: string, body: Record<string, unknown>) =>
    t.http.post(`/api/party-orders/${orderId}/resend-confirmation`).set('X-Forwarded-For', nextAddress()).send(body);
  const staffResend = (orderId: string, cookie = manager) =>
    t.http.post(`/api/admin/party-orders/${orderId}/resend-confirmation`).set('Cookie', cookie).send({});

  it('the confirmation answers the browser that paid with the ticket code and its QR code, nobody else', async () => {
    const { orderId, clientSecret, paymentIntentId, email } = await buy('kavya.nair@example.com');
    const code = t.app.get(TicketCodes).codeFor(orderId);

    const mine = await t.http.post('/api/confirm-payment').send({ paymentIntentId, type: 'party_ticket', clientSecret }).expect(200);
    expect(mine.body).toMatchObject({ orderId, customerEmail: email, adultTickets: 2, childTickets: 1, ticketCode: code });
    // The same QR code as the e-mail's: the same library and matrix, drawn as SVG.
    expect(mine.body.ticketQrSvg).toBe(await QRCode.toString(code, { type: 'svg', margin: 1 }));
    expect(mine.body.ticketQrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const [mail] = sentTo(email);
    expect(printedCode(mail)).toBe(code);

    const stranger = await t.http.post('/api/confirm-payment').send({ paymentIntentId, type: 'party_ticket' }).expect(200);
    expect(stranger.body.ticketCode).toBeUndefined();
    expect(stranger.body.ticketQrSvg).toBeUndefined();
    expect(stranger.body.customerEmail).toBeUndefined();
    const wrong = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId, type: 'party_ticket', clientSecret: `${clientSecret}x` })
      .expect(200);
    expect(wrong.body.ticketCode).toBeUndefined();
  });

  it('Add to calendar serves the same event as the e-mail attachment, for paid orders only', async () => {
    const { orderId, email } = await buy('rohan.das@example.com');
    const res = await t.http.get(`/api/party-orders/${orderId}/calendar`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="diwali-party.ics"');
    const ics = res.text;
    expect(ics).toContain(`\r\nUID:${orderId}@festival\r\n`);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(withoutStamp(ics)).toBe(withoutStamp(calendarOf(sentTo(email)[0])));
    // Nothing that admits or names the buyer.
    expect(ics).not.toContain(t.app.get(TicketCodes).codeFor(orderId));
    expect(ics).not.toContain(email);

    const unpaid = await hold('unpaid.calendar@example.com');
    const notPaid = await t.http.get(`/api/party-orders/${unpaid.orderId}/calendar`).expect(404);
    expect(notPaid.body).toEqual({ message: 'No paid ticket order with this id' });
    await t.http.get('/api/party-orders/00000000-0000-4000-8000-000000000000/calendar').expect(404);
    await t.http.get('/api/party-orders/not-an-order/calendar').expect(404);
  });

  it('the guest resends: a second e-mail to the same address with the same ticket code', async () => {
    const { orderId, clientSecret, email } = await buy('asha.resend@example.com');
    const [first] = sentTo(email);

    const res = await guestResend(orderId, { clientSecret }).expect(202);
    expect(res.body).toEqual({ sentTo: 'a…@example.com', resendsLeft: CONFIRMATION_RESENDS_PER_HOUR - 1 });
    expect(res.headers['cache-control']).toBe('no-store');

    const [, second] = await mailsTo(email, 2);
    expect(second.envelopeTo).toEqual([email]);
    expect(second.parsed.subject).toBe(first.parsed.subject);
    expect(printedCode(second)).toBe(t.app.get(TicketCodes).codeFor(orderId));
    expect(printedCode(second)).toBe(printedCode(first));
    expect(qrOf(second).equals(qrOf(first))).toBe(true);
    expect(second.parsed.text).toContain('Admits 3 guests: 2 adults, 1 child (children under 5 come free).');
    await settled();
    expect(sentTo(email)).toHaveLength(2);
    const order = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: orderId });
    expect(order.emailStatus).toBe('sent');
  });

  it('a wrong or missing secret, or an unknown order, is refused and sends nothing', async () => {
    const { orderId, clientSecret, email } = await buy('wrong.secret@example.com');
    const other = await buy('other.buyer@example.com');

    const wrong = await guestResend(orderId, { clientSecret: `${clientSecret}x` }).expect(404);
    expect(wrong.body).toEqual({ message: 'Order not found' });
    // Another order's secret proves nothing about this one.
    await guestResend(orderId, { clientSecret: other.clientSecret }).expect(404);
    await guestResend('00000000-0000-4000-8000-000000000000', { clientSecret }).expect(404);
    await guestResend('not-an-order', { clientSecret }).expect(404);
    const missing = await guestResend(orderId, {}).expect(400);
    expect(missing.body).toEqual({ message: 'clientSecret: Required' });

    await settled();
    expect(sentTo(email)).toHaveLength(1);
    expect(await t.dataSource.getRepository(ConfirmationResendEntity).countBy({ orderId })).toBe(0);
  });

  it('an unpaid or refunded order has no tickets to e-mail: 409', async () => {
    const unpaid = await hold('not.paid.yet@example.com');
    const res = await guestResend(unpaid.orderId, { clientSecret: unpaid.clientSecret }).expect(409);
    expect(res.body).toEqual({ message: 'This order is not paid, so it has no tickets to e-mail' });
    const staff = await staffResend(unpaid.orderId).expect(409);
    expect(staff.body).toEqual({ message: 'This order is not paid, so it has no tickets to e-mail' });

    const refunded = await buy('refunded.guest@example.com');
    await t.dataSource.getRepository(PartyOrderEntity).update({ id: refunded.orderId }, { status: 'refunded' });
    const again = await guestResend(refunded.orderId, { clientSecret: refunded.clientSecret }).expect(409);
    expect(again.body).toEqual({ message: 'This order was refunded, so it has no tickets to e-mail' });

    await settled();
    expect(sentTo('not.paid.yet@example.com')).toHaveLength(0);
    expect(sentTo('refunded.guest@example.com')).toHaveLength(1);
  });

  it('three resends an hour: the fourth is a 429 that sends nothing, and the hour slides', async () => {
    const { orderId, clientSecret, email } = await buy('limit.guest@example.com');
    for (let i = 1; i <= CONFIRMATION_RESENDS_PER_HOUR; i += 1) {
      const res = await guestResend(orderId, { clientSecret }).expect(202);
      expect(res.body.resendsLeft).toBe(CONFIRMATION_RESENDS_PER_HOUR - i);
      await mailsTo(email, 1 + i);
    }

    const refused = await guestResend(orderId, { clientSecret }).expect(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    expect(refused.body.message).toMatch(/try again in (59|60) minutes/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await settled();
    expect(sentTo(email)).toHaveLength(1 + CONFIRMATION_RESENDS_PER_HOUR);
    expect(await t.dataSource.getRepository(ConfirmationResendEntity).countBy({ orderId })).toBe(CONFIRMATION_RESENDS_PER_HOUR);

    // The oldest resend leaves the hour: one more is allowed, then the limit again.
    const resends = t.dataSource.getRepository(ConfirmationResendEntity);
    const [oldest] = await resends.find({ where: { orderId }, order: { id: 'ASC' }, take: 1 });
    await resends.update({ id: oldest.id }, { at: new Date(Date.now() - 61 * 60_000) });
    const later = await guestResend(orderId, { clientSecret }).expect(202);
    expect(later.body.resendsLeft).toBe(0);
    await mailsTo(email, 2 + CONFIRMATION_RESENDS_PER_HOUR);
    await guestResend(orderId, { clientSecret }).expect(429);
  });

  it('resends asked for at the same moment pass the limit exactly three times', async () => {
    const { orderId, clientSecret, email } = await buy('many.taps@example.com');
    const answers = await Promise.all(Array.from({ length: 8 }, () => guestResend(orderId, { clientSecret })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
    expect(await t.dataSource.getRepository(ConfirmationResendEntity).countBy({ orderId })).toBe(CONFIRMATION_RESENDS_PER_HOUR);
    // Resends that arrive while the last one still waits to go out are answered by that one e-mail.
    await mailsTo(email, 2);
    await settled();
    expect(sentTo(email).length).toBeLessThanOrEqual(1 + CONFIRMATION_RESENDS_PER_HOUR);
  });

  it('the manager resends: the e-mail goes, it is on the activity log, counts for the guest, and is never refused', async () => {
    const { orderId, clientSecret, email } = await buy('staff.resend@example.com');
    const reference = orderId.slice(0, 8).toUpperCase();

    const res = await staffResend(orderId).expect(202);
    expect(res.body).toEqual({ sentTo: email, resendsLeft: CONFIRMATION_RESENDS_PER_HOUR - 1 });
    const [first, second] = await mailsTo(email, 2);
    expect(printedCode(second)).toBe(printedCode(first));

    const log = await t.http.get('/api/admin/activity?action=ticket.resend').set('Cookie', manager).expect(200);
    const entries = log.body.items as ActivityEntry[];
    expect(entries.map((e) => [e.who, e.role, e.action, e.object, e.detail])).toEqual([
      ['Manager', 'manager', 'ticket.resend', `Ticket ${reference} (Asha Raman)`, 'confirmation e-mailed again to s…@example.com'],
    ]);

    // The manager's resend counted: the guest has two left, then none, then a 429...
    await guestResend(orderId, { clientSecret }).expect(202);
    await mailsTo(email, 3);
    const last = await guestResend(orderId, { clientSecret }).expect(202);
    expect(last.body.resendsLeft).toBe(0);
    await mailsTo(email, 4);
    await guestResend(orderId, { clientSecret }).expect(429);
    // ...while the manager may still resend (deliberate, and on the log).
    const past = await staffResend(orderId).expect(202);
    expect(past.body.resendsLeft).toBe(0);
    await mailsTo(email, 5);

    await staffResend('00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('the staff resend is the manager’s alone: a door or bar device gets 403, a guest 401', async () => {
    const { orderId, email } = await buy('devices.refused@example.com');
    const door = await deviceCookie(t, manager, 'Door 1', 'door');
    const bar = await deviceCookie(t, manager, 'Bar 1', 'bar');
    const byDoor = await staffResend(orderId, door).expect(403);
    expect(byDoor.body).toEqual({ message: 'Not allowed: Door 1 is signed in for the door only. Ask the manager.' });
    await staffResend(orderId, bar).expect(403);
    await t.http.post(`/api/admin/party-orders/${orderId}/resend-confirmation`).send({}).expect(401);
    await settled();
    expect(sentTo(email)).toHaveLength(1);
  });
});
