import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import {
  formatCents,
  type Cents,
  type ReconciledOrderType,
  type ReconciliationMismatch,
  type ReconciliationReport,
} from '@festival/contracts';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../feast/feast-order.entity.js';
import { PaymentGateway, type GatewayPayment } from '../payments/payment-gateway.js';
import type { ReportFilter } from '../seasons/seasons.service.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { isComp, orderRefundedCents, partyRefundedCents, tabChargedCents } from './report-sales.js';
import { ReportsService } from './reports.service.js';

/** Order and tab states whose payment is accounted for here. */
const PAID_OR_CLOSED: ReadonlySet<string> = new Set(['paid', 'refunding', 'refunded', 'closed', 'settled']);

/**
 * A gateway payment younger than this with no paid order here is not judged yet: the order is
 * marked paid when the gateway's event arrives, a moment after the payment.
 */
export const SETTLING_MS = 2 * 60_000;

/** One payment as recorded here: an order (or a tab's charge) and its payment id. */
interface RecordedPayment {
  orderType: ReconciledOrderType;
  orderId: string;
  customerName: string;
  paymentId: string;
  amountCents: Cents;
  refundedCents: Cents;
  /** A refund under way: what was refunded at the gateway is not compared yet. */
  refunding: boolean;
}

/** The parts of a party, feast or drinks order paid in one payment that reconciliation reads. */
interface PaidInOne {
  id: string;
  customerName: string;
  totalCents: Cents;
  status: string;
  paymentIntentId: string | null;
}

const TYPE_LABEL: Record<ReconciledOrderType, string> = {
  tickets: 'Ticket order',
  drinks: 'Drinks order',
  feast: 'Feast pack order',
  tab: 'Tab',
};

/**
 * `Reconciliation` (docs/reports.md): every paid or refunded order of the report's event and
 * dates against the gateway's records, both ways.
 */
@Injectable()
export class ReconciliationService {
  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly reports: ReportsService,
    private readonly gateway: PaymentGateway,
  ) {}

  async reconcile(filter: ReportFilter, now = new Date()): Promise<ReconciliationReport> {
    const sales = await this.reports.sales(filter);
    const recorded: RecordedPayment[] = [];
    let outsideGateway = 0;
    const add = (payment: Omit<RecordedPayment, 'paymentId'>, paymentId: string | null) => {
      if (paymentId) recorded.push({ ...payment, paymentId });
      else outsideGateway += 1;
    };
    /** An order paid in one payment: recorded against that payment (none: paid outside the gateway). */
    const addOrder = (orderType: RecordedPayment['orderType'], o: PaidInOne, refundedCents: number) =>
      add(
        {
          orderType,
          orderId: o.id,
          customerName: o.customerName,
          amountCents: o.totalCents,
          refundedCents,
          refunding: o.status === 'refunding',
        },
        o.paymentIntentId,
      );
    for (const o of sales.party) if (!isComp(o)) addOrder('tickets', o, partyRefundedCents(o));
    for (const o of sales.feast) addOrder('feast', o, orderRefundedCents(o));
    // Drinks put on a tab are paid by the tab's charge, below.
    for (const o of sales.drinks) if (o.status !== 'tab') addOrder('drinks', o, orderRefundedCents(o));
    for (const t of sales.tabs) {
      if (!t.chargePaymentIntentId || tabChargedCents(t) === 0) continue;
      if (filter.since && (!t.closedAt || t.closedAt < filter.since)) continue;
      if (filter.until && (!t.closedAt || t.closedAt >= filter.until)) continue;
      recorded.push({
        orderType: 'tab',
        orderId: t.id,
        customerName: t.customerName,
        paymentId: t.chargePaymentIntentId,
        amountCents: tabChargedCents(t),
        refundedCents: Math.min(t.refundedCents, tabChargedCents(t)),
        refunding: false,
      });
    }

    const listed = await this.gateway.listPayments({ since: filter.since, until: filter.until });
    const atGateway = new Map(listed.map((p) => [p.id, p]));
    const mismatches: ReconciliationMismatch[] = [];
    const seen = new Set<string>();

    for (const here of recorded) {
      seen.add(here.paymentId);
      const there = atGateway.get(here.paymentId) ?? (await this.gateway.retrievePayment(here.paymentId));
      if (!there || there.status !== 'succeeded') {
        mismatches.push(
          mismatch(
            'missing-at-gateway',
            here,
            there?.status === 'succeeded' ? there : undefined,
            `${TYPE_LABEL[here.orderType]} ${here.orderId.slice(0, 8)} is paid here (${formatCents(here.amountCents)}) but the gateway has no succeeded payment ${here.paymentId}.`,
          ),
        );
        continue;
      }
      const refundDiffers = !here.refunding && there.refundedCents !== here.refundedCents;
      if (there.amountCents !== here.amountCents || refundDiffers) {
        const what =
          there.amountCents !== here.amountCents
            ? `paid ${formatCents(here.amountCents)} here, ${formatCents(there.amountCents)} at the gateway`
            : `refunded ${formatCents(here.refundedCents)} here, ${formatCents(there.refundedCents)} at the gateway`;
        mismatches.push(mismatch('amount-differs', here, there, `${TYPE_LABEL[here.orderType]} ${here.orderId.slice(0, 8)}: ${what}.`));
      }
    }

    const unmatched = listed.filter((p) => !seen.has(p.id) && now.getTime() - p.createdAt.getTime() >= SETTLING_MS);
    if (unmatched.length > 0) {
      const known = await this.knownElsewhere(
        unmatched.map((p) => p.id),
        filter.eventId,
      );
      for (const p of unmatched) {
        const owner = known.get(p.id);
        if (owner === 'elsewhere') continue;
        mismatches.push({
          kind: 'missing-here',
          paymentId: p.id,
          orderType: owner?.orderType ?? null,
          orderId: owner?.orderId ?? null,
          customerName: owner?.customerName ?? null,
          hereCents: null,
          hereRefundedCents: null,
          gatewayCents: p.amountCents,
          gatewayRefundedCents: p.refundedCents,
          message: owner
            ? `The gateway took ${formatCents(p.amountCents)} (${p.id}) for ${TYPE_LABEL[owner.orderType].toLowerCase()} ${owner.orderId.slice(0, 8)}, which is not paid here.`
            : `The gateway took ${formatCents(p.amountCents)} (${p.id}) and no order here accounts for it.`,
        });
      }
    }

    // A chargeback is not a mismatch: both sides still show the payment; the dispute is counted apart.
    const disputed = recorded.filter((p) => {
      const dispute = sales.disputes.get(p.paymentId);
      return dispute !== undefined && dispute.status !== 'won';
    }).length;
    return { checked: recorded.length, outsideGateway, disputed, allMatch: mismatches.length === 0, mismatches };
  }

  /**
   * Which gateway payments an order here names after all: one of another event (not this
   * report's), or one of this event that is not paid (pending, cancelled).
   */
  private async knownElsewhere(
    paymentIds: string[],
    eventId: number,
  ): Promise<Map<string, 'elsewhere' | { orderType: ReconciledOrderType; orderId: string; customerName: string }>> {
    const m = this.data.manager;
    const where = { paymentIntentId: In(paymentIds) };
    const [party, feast, drinks, tabs] = await Promise.all([
      m.find(PartyOrderEntity, { where, select: { id: true, eventId: true, status: true, customerName: true, paymentIntentId: true } }),
      m.find(FeastOrderEntity, { where, select: { id: true, eventId: true, status: true, customerName: true, paymentIntentId: true } }),
      m.find(DrinkOrderEntity, { where, select: { id: true, eventId: true, status: true, customerName: true, paymentIntentId: true } }),
      m.find(DrinkTabEntity, {
        where: { chargePaymentIntentId: In(paymentIds) },
        select: { id: true, eventId: true, status: true, customerName: true, chargePaymentIntentId: true },
      }),
    ]);
    const known = new Map<string, 'elsewhere' | { orderType: ReconciledOrderType; orderId: string; customerName: string }>();
    const note = (
      orderType: ReconciledOrderType,
      row: { id: string; eventId: number; status: string; customerName: string },
      paymentId: string | null,
    ) => {
      if (!paymentId) return;
      // Another event's, or paid here but started outside the dates (its payment fell inside): not this report's.
      const elsewhere = row.eventId !== eventId || PAID_OR_CLOSED.has(row.status);
      known.set(paymentId, elsewhere ? 'elsewhere' : { orderType, orderId: row.id, customerName: row.customerName });
    };
    for (const o of party) note('tickets', o, o.paymentIntentId);
    for (const o of feast) note('feast', o, o.paymentIntentId);
    for (const o of drinks) note('drinks', o, o.paymentIntentId);
    for (const t of tabs) note('tab', t, t.chargePaymentIntentId);
    return known;
  }
}

function mismatch(
  kind: ReconciliationMismatch['kind'],
  here: RecordedPayment,
  there: GatewayPayment | undefined,
  message: string,
): ReconciliationMismatch {
  return {
    kind,
    paymentId: here.paymentId,
    orderType: here.orderType,
    orderId: here.orderId,
    customerName: here.customerName,
    hereCents: here.amountCents,
    hereRefundedCents: here.refundedCents,
    gatewayCents: there ? there.amountCents : null,
    gatewayRefundedCents: there ? there.refundedCents : null,
    message,
  };
}
