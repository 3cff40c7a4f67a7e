import { DEFAULT_SITE_CONFIG, PICKUP_CODE_DOMAIN, type ActivityEntry, type OfflineAdmissionResult } from '@festival/contracts';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { SeasonsService } from '../src/modules/seasons/seasons.service.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import type { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { TicketRedemptionEntity } from '../src/modules/tickets/ticket-redemption.entity.js';
import { editAt, insertPartyOrder } from './support/door-orders.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'offline-door-password-2025';
const HOUR = 60 * 60 * 1000;

/** A paid order of 2 adults for `eventId` (the season on sale, unless told otherwise). */
const insertOrder = (t: TestApp, eventId: number, overrides: Partial<PartyOrderEntity> = {}) =>
  insertPartyOrder(t, {
    eventId,
    customerName: 'Asha Offline',
    customerEmail: 'asha.offline@example.com',
    customerPhone: '(408) 555-0143',
    childTickets: 0,
    subtotalCents: 9998,
    taxCents: 938,
    totalCents: 10936,
    ...overrides,
  });

describe(`the door's offline uploads on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let codes: TicketCodes;
  let manager: string;
  let door: string;
  let eventOnSale: number;
  // The party is on: it started an hour ago and ends in three.
  const startsAt = new Date(Date.now() - HOUR);
  const endsAt = new Date(Date.now() + 3 * HOUR);
  let sequence = 0;
  const newId = () => `offline-${Date.now()}-${(sequence += 1)}`;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    codes = t.app.get(TicketCodes);
    eventOnSale = await t.app.get(SeasonsService).currentId();
    await t.app.get(SiteService).update({
      ...DEFAULT_SITE_CONFIG,
      party: { ...DEFAULT_SITE_CONFIG.party, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    });
    manager = await managerCookie(t, PASSWORD);
    door = await deviceCookie(t, manager, 'Door 1', 'door');
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (admissions: Record<string, unknown>[]): Promise<OfflineAdmissionResult[]> =>
    (await t.http.post('/api/admin/check-ins/offline').set('Cookie', door).send({ admissions }).expect(200)).body.results;
  const admissionsOf = (orderId: string) => t.dataSource.getRepository(TicketRedemptionEntity).findBy({ orderId, kind: 'entry' });
  const logLinesOf = async (order: PartyOrderEntity): Promise<ActivityEntry[]> =>
    (
      (await t.http.get('/api/admin/activity?action=check-in&pageSize=200').set('Cookie', manager).expect(200)).body
        .items as ActivityEntry[]
    ).filter((entry) => (entry.object ?? '').includes(order.id.slice(0, 8).toUpperCase()));
  const during = () => new Date(Date.now() - 60_000).toISOString();

  /** The upload was refused with `message`, and nothing about the order was kept. */
  async function expectRefused(order: PartyOrderEntity, admission: Record<string, unknown>, message: string): Promise<void> {
    expect(await upload([admission])).toEqual([{ admissionId: admission.admissionId, outcome: 'rejected', message }]);
    expect(await admissionsOf(order.id)).toHaveLength(0);
    expect(await logLinesOf(order)).toHaveLength(0);
  }

  it('F7: an offline admission carrying the scanned code of its paid order, in the party’s hours, is recorded', async () => {
    const order = await insertOrder(t, eventOnSale, { customerName: 'Ravi Scanned' });
    const admissionId = newId();
    const at = during();
    expect(await upload([{ admissionId, orderId: order.id, code: codes.codeFor(order.id), guests: 2, at }])).toEqual([
      { admissionId, outcome: 'recorded', message: null },
    ]);
    const kept = await admissionsOf(order.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ count: 2, offline: true, who: 'Door 1' });
    expect(kept[0].at.toISOString()).toBe(at);
    expect((await logLinesOf(order)).map((e) => e.detail)).toEqual(['2 admitted offline, 2 of 2 in']);
  });

  it('F7: an offline admission with a forged, edited or another order’s code is refused and nothing is kept', async () => {
    const order = await insertOrder(t, eventOnSale, { customerName: 'Forged Code' });
    const other = await insertOrder(t, eventOnSale, { customerName: 'Someone Else' });
    const code = codes.codeFor(order.id);
    const base = { orderId: order.id, guests: 2, at: during() };
    await expectRefused(order, { ...base, admissionId: newId(), code: editAt(code, 100) }, 'Not a valid ticket');
    await expectRefused(order, { ...base, admissionId: newId(), code: 'A'.repeat(128) }, 'Not a valid ticket');
    await expectRefused(order, { ...base, admissionId: newId(), code: 'not a ticket' }, 'Not a valid ticket');
    await expectRefused(
      order,
      { ...base, admissionId: newId(), code: codes.codeFor(other.id) },
      'This ticket code belongs to another order',
    );
    // A code signed in the feast pickup domain is not a ticket either.
    await expectRefused(order, { ...base, admissionId: newId(), code: codes.codeFor(order.id, PICKUP_CODE_DOMAIN) }, 'Not a valid ticket');
    expect(await admissionsOf(other.id)).toHaveLength(0);
  });

  it('F7: an offline admission for an order of another season is refused', async () => {
    const past = await insertOrder(t, eventOnSale - 1, { customerName: 'Last Season' });
    await expectRefused(
      past,
      { admissionId: newId(), orderId: past.id, code: codes.codeFor(past.id), guests: 2, at: during() },
      'This ticket is for another event, not the one on sale',
    );
    // From the guest search, without a code: the same.
    await expectRefused(
      past,
      { admissionId: newId(), orderId: past.id, guests: 1, at: during() },
      'This ticket is for another event, not the one on sale',
    );
  });

  it('F7: an offline admission for an unpaid order is refused', async () => {
    const unpaid = await insertOrder(t, eventOnSale, { customerName: 'Left Unpaid', status: 'pending', paidAt: null });
    await expectRefused(
      unpaid,
      { admissionId: newId(), orderId: unpaid.id, code: codes.codeFor(unpaid.id), guests: 2, at: during() },
      'This order is not paid',
    );
    await expectRefused(unpaid, { admissionId: newId(), orderId: unpaid.id, guests: 50, at: during() }, 'This order is not paid');
    const released = await insertOrder(t, eventOnSale, { customerName: 'Hold Released', status: 'cancelled', paidAt: null });
    await expectRefused(released, { admissionId: newId(), orderId: released.id, guests: 1, at: during() }, 'This order is not paid');
  });

  it('F7: an offline admission timed outside the party’s hours is refused; within the margin it is kept', async () => {
    const order = await insertOrder(t, eventOnSale, { customerName: 'Wrong Time' });
    const code = codes.codeFor(order.id);
    const at = (ms: number) => new Date(ms).toISOString();
    // Two days before (what a device could claim before), and four hours before the start.
    await expectRefused(
      order,
      { admissionId: newId(), orderId: order.id, code, guests: 1, at: at(Date.now() - 47 * HOUR) },
      'Admitted outside the party’s hours',
    );
    await expectRefused(
      order,
      { admissionId: newId(), orderId: order.id, code, guests: 1, at: at(startsAt.getTime() - 4 * HOUR) },
      'Admitted outside the party’s hours',
    );
    // Two and a half hours before the start: doors open early.
    const early = newId();
    expect(await upload([{ admissionId: early, orderId: order.id, code, guests: 1, at: at(startsAt.getTime() - 2.5 * HOUR) }])).toEqual([
      { admissionId: early, outcome: 'recorded', message: null },
    ]);
    expect(await admissionsOf(order.id)).toHaveLength(1);
  });

  it('F7: more guests than the order holds are kept as a conflict for the manager, not a silent record', async () => {
    const order = await insertOrder(t, eventOnSale, { customerName: 'Fifty Guests' });
    const admissionId = newId();
    expect(await upload([{ admissionId, orderId: order.id, code: codes.codeFor(order.id), guests: 50, at: during() }])).toEqual([
      { admissionId, outcome: 'conflict', message: '50 guests in on an order of 2' },
    ]);
    const conflicts = (await t.http.get('/api/admin/check-ins/conflicts').set('Cookie', manager).expect(200)).body.conflicts;
    expect(conflicts.filter((c: { orderId: string }) => c.orderId === order.id)).toEqual([
      expect.objectContaining({ customerName: 'Fifty Guests', total: 2, admitted: 50, reason: '50 guests in on an order of 2' }),
    ]);
    expect((await logLinesOf(order)).map((e) => e.detail)).toEqual(['50 admitted offline, 50 of 2 in (conflict)']);
  });

  it('F7: a replayed admissionId changes nothing, and an admission from the guest search is judged by its order', async () => {
    const order = await insertOrder(t, eventOnSale, { customerName: 'Found By Name' });
    const admissionId = newId();
    // Found with `Search guests` offline: no code was scanned, the order is paid and on sale.
    const admission = { admissionId, orderId: order.id, guests: 1, at: during() };
    expect(await upload([admission])).toEqual([{ admissionId, outcome: 'recorded', message: null }]);
    expect(await upload([admission])).toEqual([{ admissionId, outcome: 'recorded', message: null }]);
    expect(await upload([{ ...admission, code: codes.codeFor(order.id), guests: 2 }])).toEqual([
      { admissionId, outcome: 'recorded', message: null },
    ]);
    const kept = await admissionsOf(order.id);
    expect(kept).toHaveLength(1);
    expect(kept[0].count).toBe(1);
    expect((await logLinesOf(order)).map((e) => e.detail)).toEqual(['1 admitted offline from the guest search, 1 of 2 in']);
    // The same id with another order's code changes nothing either.
    const other = await insertOrder(t, eventOnSale, { customerName: 'Other Order' });
    expect(await upload([{ ...admission, orderId: other.id, code: codes.codeFor(other.id) }])).toEqual([
      { admissionId, outcome: 'rejected', message: 'This admissionId was already used for another ticket' },
    ]);
    expect(await admissionsOf(other.id)).toHaveLength(0);
  });

  it('F7: a malformed code in an upload is a 400 with a clear message', async () => {
    const order = await insertOrder(t, eventOnSale);
    const res = await t.http
      .post('/api/admin/check-ins/offline')
      .set('Cookie', door)
      .send({ admissions: [{ admissionId: newId(), orderId: order.id, code: '', guests: 1, at: during() }] })
      .expect(400);
    expect(res.body.message).toContain('code is required');
    expect(await admissionsOf(order.id)).toHaveLength(0);
  });
});
