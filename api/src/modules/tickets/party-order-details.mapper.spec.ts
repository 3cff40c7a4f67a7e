import type { ActivityEntry } from '@festival/contracts';
import type { ConfirmationResendEntity } from './confirmation-resend.entity.js';
import { toPartyOrderDetails, type PartyOrderDetailRows } from './party-order-details.mapper.js';
import type { PartyOrderEntity } from './party-order.entity.js';
import type { PartyRefundEntity } from './party-refund.entity.js';
import type { TicketRedemptionEntity } from './ticket-redemption.entity.js';

const ID = '1a2b3c4d-0000-4000-8000-000000000001';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 8, 18, minute));
const iso = (minute: number) => at(minute).toISOString();

function order(fields: Partial<PartyOrderEntity>): PartyOrderEntity {
  return {
    id: ID,
    eventId: 1,
    status: 'paid',
    customerName: 'Asha Raman',
    customerEmail: 'asha@example.com',
    customerPhone: '4085550100',
    adultTickets: 2,
    childTickets: 1,
    adultPriceCents: 2500,
    childPriceCents: 1000,
    subtotalCents: 6000,
    groupDiscountPercent: 0,
    groupDiscountCents: 0,
    promoCode: null,
    promoDiscountPercent: 0,
    promoDiscountCents: 0,
    taxCents: 0,
    totalCents: 6000,
    paymentIntentId: null,
    clientSecretHash: null,
    holdExpiresAt: at(0),
    paidAt: null,
    refundId: null,
    analyticsSessionId: null,
    emailStatus: 'pending',
    emailAttempts: 0,
    emailNextAttemptAt: null,
    emailClaimedAt: null,
    emailLastError: null,
    refundedAdults: 0,
    refundedChildren: 0,
    refundedCents: 0,
    emailSettledAt: null,
    clientAddress: null,
    comp: false,
    compReason: null,
    paymentMethod: 'card',
    requestId: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  } as PartyOrderEntity;
}

const entry = (minute: number, fields: Partial<ActivityEntry>): ActivityEntry => ({
  id: String(minute),
  at: iso(minute),
  who: 'Manager',
  role: 'manager',
  action: 'ticket.edit',
  object: `Ticket 1A2B3C4D (Asha Raman)`,
  detail: null,
  ...fields,
});

const admission = (minute: number, count: number, who: string): TicketRedemptionEntity =>
  ({
    id: `a${minute}`,
    orderId: ID,
    kind: 'entry',
    count,
    at: at(minute),
    who,
    role: 'door',
    deviceId: 'd1',
    offline: false,
  }) as TicketRedemptionEntity;

const rows = (fields: Partial<PartyOrderDetailRows> & Pick<PartyOrderDetailRows, 'order'>): PartyOrderDetailRows => ({
  refunds: [],
  admissions: [],
  resends: [],
  activity: [],
  dispute: null,
  ...fields,
});

const steps = (details: { timeline: { kind: string; at: string; who: string; role: string | null }[] }) =>
  details.timeline.map((e) => [e.kind, e.at, e.who, e.role]);

describe('toPartyOrderDetails', () => {
  it('a comp: made by the manager who added the guests, its e-mail, then the guests admitted, in time order', () => {
    const details = toPartyOrderDetails(
      rows({
        order: order({
          comp: true,
          compReason: 'Family of the chef',
          paymentMethod: 'comp',
          requestId: 'req-1',
          totalCents: 0,
          paidAt: at(0),
          emailStatus: 'sent',
          emailSettledAt: at(1),
        }),
        // Given out of time order: the timeline sorts them.
        admissions: [admission(30, 2, 'Front door'), admission(20, 1, 'Side door')],
        activity: [entry(0, { action: 'ticket.comp', detail: '2 adults, 1 child added as guests: Family of the chef' })],
      }),
    );
    expect(steps(details)).toEqual([
      ['created', iso(0), 'Manager', 'manager'],
      ['email.sent', iso(1), 'System', null],
      ['checked-in', iso(20), 'Side door', 'door'],
      ['checked-in', iso(30), 'Front door', 'door'],
    ]);
    expect(details.timeline[0]!.detail).toBe('2 adults, 1 child added as guests (comp): Family of the chef');
    expect(details).toMatchObject({ comp: true, admitted: 3, reference: '1A2B3C4D' });
  });

  it('a door sale: made by the door device that sold it, paid and admitted at the same moment, steps kept in the order they happened', () => {
    const details = toPartyOrderDetails(
      rows({
        order: order({ paymentMethod: 'cash', requestId: 'req-2', paidAt: at(5), createdAt: at(5) }),
        admissions: [admission(5, 3, 'Front door')],
        activity: [entry(5, { action: 'ticket.door-sale', who: 'Front door', role: 'door', detail: 'sold at the door' })],
      }),
    );
    expect(steps(details)).toEqual([
      ['created', iso(5), 'Front door', 'door'],
      ['paid', iso(5), 'Guest', null],
      ['checked-in', iso(5), 'Front door', 'door'],
    ]);
    expect(details.timeline[0]!.detail).toBe('2 adults, 1 child sold at the door');
  });

  it('a partly refunded online order: the guest buys, staff resend and edit, one refund refused, one made, by whom', () => {
    const refund = (minute: number, fields: Partial<PartyRefundEntity>): PartyRefundEntity =>
      ({
        id: `r${minute}`,
        orderId: ID,
        adults: 1,
        children: 0,
        items: [],
        amountCents: 2500,
        gatewayRefundId: null,
        idempotencyKey: `k${minute}`,
        source: 'staff',
        who: 'Manager',
        role: 'manager',
        at: at(minute),
        status: 'succeeded',
        error: null,
        emailStatus: 'sent',
        ...fields,
      }) as PartyRefundEntity;
    const resend = { id: 1, orderId: ID, at: at(15), who: 'Manager', role: 'manager' } as ConfirmationResendEntity;
    const details = toPartyOrderDetails(
      rows({
        order: order({
          status: 'paid',
          paymentIntentId: 'pi_1',
          paidAt: at(2),
          emailStatus: 'sent',
          emailSettledAt: at(3),
          refundedAdults: 1,
          refundedCents: 2500,
        }),
        refunds: [
          refund(40, { status: 'failed', error: 'Charge has been disputed' }),
          refund(50, {}),
          refund(55, { status: 'pending', who: 'Manager' }),
        ],
        resends: [resend],
        activity: [entry(10, { detail: 'phone changed' })],
      }),
    );
    expect(steps(details)).toEqual([
      ['created', iso(0), 'Guest', null],
      ['paid', iso(2), 'Guest', null],
      ['email.sent', iso(3), 'System', null],
      ['edited', iso(10), 'Manager', 'manager'],
      ['email.resent', iso(15), 'Manager', 'manager'],
      ['refund.failed', iso(40), 'Manager', 'manager'],
      ['refunded', iso(50), 'Manager', 'manager'],
    ]);
    expect(details.timeline.find((e) => e.kind === 'refunded')!.detail).toBe('1 adult refunded, $25.00');
    expect(details.timeline.find((e) => e.kind === 'refund.failed')!.detail).toBe('refund of $25.00 refused: Charge has been disputed');
    // The pending refund reserves its ticket: only what neither refund took is still valid.
    expect(details).toMatchObject({ validAdults: 0, validChildren: 1, refundedCents: 2500 });
    expect(details.refunds.map((r) => r.status)).toEqual(['failed', 'succeeded', 'pending']);
  });
});
