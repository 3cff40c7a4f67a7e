import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { formatCents, type PaymentDisputeStatus, type PaymentDisputeView } from '@festival/contracts';
import { PaymentDisputeEntity } from './payment-dispute.entity.js';
import { PaymentEvents } from './payment-events.service.js';
import { DISPUTE_EVENT_TYPES, type GatewayEvent } from './payment-gateway.js';

/**
 * The site's word for the gateway's dispute status: decided in the seller's favour (`won`; an
 * inquiry closed without a chargeback, `warning_closed`; one `prevented`), against it (`lost`),
 * or still `open` (every other status: the bank is deciding).
 */
export function disputeStatusOf(gatewayStatus: string): PaymentDisputeStatus {
  if (gatewayStatus === 'lost') return 'lost';
  if (gatewayStatus === 'won' || gatewayStatus === 'warning_closed' || gatewayStatus === 'prevented') return 'won';
  return 'open';
}

export function toDisputeView(row: PaymentDisputeEntity): PaymentDisputeView {
  return {
    id: row.id,
    status: row.status,
    gatewayStatus: row.gatewayStatus,
    amountCents: row.amountCents,
    reason: row.reason,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** `who` of a dispute on an order's timeline: the gateway reported it. */
export const DISPUTE_WHO = 'Stripe';

/** An order's timeline steps of its dispute: opened, then won or lost. */
export function disputeTimeline(
  dispute: PaymentDisputeView | null,
): { kind: 'disputed' | 'dispute.won' | 'dispute.lost'; at: string; who: string; role: null; detail: string }[] {
  if (!dispute) return [];
  const amount = formatCents(dispute.amountCents);
  const steps: ReturnType<typeof disputeTimeline> = [
    {
      kind: 'disputed',
      at: dispute.openedAt,
      who: DISPUTE_WHO,
      role: null,
      detail: `${amount} disputed by the card's bank${dispute.reason ? ` (${dispute.reason.replace(/_/g, ' ')})` : ''}`,
    },
  ];
  if (dispute.closedAt && dispute.status !== 'open') {
    steps.push({
      kind: dispute.status === 'won' ? 'dispute.won' : 'dispute.lost',
      // Never before the opening (the opening's date is the gateway's clock, the closing ours).
      at: dispute.closedAt < dispute.openedAt ? dispute.openedAt : dispute.closedAt,
      who: DISPUTE_WHO,
      role: null,
      detail:
        dispute.status === 'won' ? `decided for the restaurant: ${amount} kept` : `decided for the buyer: ${amount} returned to the card`,
    });
  }
  return steps;
}

/**
 * Chargebacks (docs/reports.md, Disputes): opened and decided in the gateway's dashboard, they
 * arrive as `charge.dispute.*` events and are kept here by dispute id, whichever kind of order
 * the payment was for. Orders, their details and the reports read them by payment id. Events may
 * arrive twice or out of order: a dispute once decided is never open again.
 */
@Injectable()
export class PaymentDisputes implements OnModuleInit {
  private readonly logger = new Logger(PaymentDisputes.name);

  constructor(
    @InjectRepository(PaymentDisputeEntity) private readonly disputes: Repository<PaymentDisputeEntity>,
    private readonly events: PaymentEvents,
  ) {}

  onModuleInit(): void {
    for (const type of DISPUTE_EVENT_TYPES) this.events.on(type, (event) => this.record(event));
  }

  private async record(event: GatewayEvent): Promise<void> {
    const dispute = event.dispute;
    if (!dispute || !event.objectId) return;
    const status = disputeStatusOf(dispute.status);
    const now = new Date();
    const existing = await this.disputes.findOneBy({ id: dispute.id });
    if (!existing) {
      try {
        await this.disputes.insert({
          id: dispute.id,
          paymentIntentId: event.objectId,
          amountCents: dispute.amountCents,
          status,
          gatewayStatus: dispute.status.slice(0, 40),
          reason: dispute.reason?.slice(0, 64) ?? null,
          openedAt: dispute.createdAt,
          closedAt: status === 'open' ? null : now,
          updatedAt: now,
        });
        this.logger.warn(`Payment ${event.objectId}: a dispute was opened (${dispute.status})`);
        return;
      } catch (error) {
        // The same dispute recorded at this very moment by another delivery: update it below.
        if (!(await this.disputes.findOneBy({ id: dispute.id }))) throw error;
      }
    }
    // A decided dispute stays decided, whatever late `updated` event follows.
    await this.disputes.update(
      { id: dispute.id, status: 'open' },
      {
        status,
        gatewayStatus: dispute.status.slice(0, 40),
        amountCents: dispute.amountCents,
        reason: dispute.reason?.slice(0, 64) ?? null,
        closedAt: status === 'open' ? null : now,
        updatedAt: now,
      },
    );
    if (status !== 'open') this.logger.warn(`Payment ${event.objectId}: its dispute was ${status}`);
  }

  /** The latest dispute of each payment (by when it was opened). */
  async forPayments(paymentIds: readonly (string | null)[]): Promise<Map<string, PaymentDisputeEntity>> {
    const ids = [...new Set(paymentIds.filter((id): id is string => Boolean(id)))];
    const latest = new Map<string, PaymentDisputeEntity>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.disputes.find({ where: { paymentIntentId: In(ids.slice(i, i + 500)) }, order: { openedAt: 'ASC' } });
      for (const row of rows) latest.set(row.paymentIntentId, row);
    }
    return latest;
  }

  /** The latest dispute of one payment, as the staff see it. */
  async viewOf(paymentId: string | null): Promise<PaymentDisputeView | null> {
    if (!paymentId) return null;
    const row = (await this.forPayments([paymentId])).get(paymentId);
    return row ? toDisputeView(row) : null;
  }
}
