import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { And, In, LessThanOrEqual, Repository, type FindOperator } from 'typeorm';
import type { PaidPartyTicketRow, PartyTicketRow } from '@festival/contracts';
import { PaymentDisputes } from '../payments/payment-disputes.service.js';
import { withinFilter, type ReportFilter } from '../seasons/seasons.service.js';
import { PartyOrderItemEntity } from './party-order-item.entity.js';
import { PartyOrderEntity, validTicketsOf } from './party-order.entity.js';
import { toTicketRow } from './party-order.mapper.js';
import { admittedCounts } from './ticket-redemptions.js';

export const ABANDONED_AFTER_MINUTES = 30;

/** Order ids per `IN (...)`: well under every database's limit of bound values. */
const IDS_PER_QUERY = 500;

/** The staff dashboard's ticket tables: who paid, and who started and did not. */
@Injectable()
export class TicketReportsService {
  constructor(
    @InjectRepository(PartyOrderEntity) private readonly orders: Repository<PartyOrderEntity>,
    private readonly disputes: PaymentDisputes,
  ) {}

  /** Paid orders for the staff dashboard, newest first, each with its guests admitted at the door. */
  async paidTickets(filter: ReportFilter): Promise<PaidPartyTicketRow[]> {
    const [rows, admitted] = await Promise.all([
      this.orders.find({ where: { ...withinFilter(filter, 'createdAt'), status: 'paid' }, order: { createdAt: 'DESC', id: 'ASC' } }),
      admittedCounts(this.orders.manager),
    ]);
    const [disputes, others] = await Promise.all([
      this.disputes.forPayments(rows.map((order) => order.paymentIntentId)),
      this.otherTickets(rows.map((order) => order.id)),
    ]);
    return rows.map((order) => ({
      ...toTicketRow(order),
      admitted: admitted.get(order.id) ?? 0,
      validTickets: validTicketsOf(order),
      emailStatus: order.emailStatus,
      emailError: order.emailStatus === 'failed' ? order.emailLastError : null,
      comp: order.comp,
      paymentMethod: order.paymentMethod,
      dispute: (order.paymentIntentId ? disputes.get(order.paymentIntentId)?.status : undefined) ?? null,
      otherTickets: others.get(order.id) ?? '',
    }));
  }

  /** The addresses (lower-cased, once each) of the season's paid party orders, for a campaign audience. */
  async paidBuyerEmails(eventId: number): Promise<string[]> {
    const rows = await this.orders
      .createQueryBuilder('o')
      .select('LOWER(o.customerEmail)', 'email')
      .distinct(true)
      .where('o.eventId = :eventId AND o.status = :paid', { eventId, paid: 'paid' })
      .getRawMany<{ email: string }>();
    return rows.map((row) => row.email);
  }

  /** Each order's tickets of the season's other types as bought (`1 VIP Table, 2 Family Bundle`), by order id. */
  private async otherTickets(orderIds: readonly string[]): Promise<Map<string, string>> {
    const lines: PartyOrderItemEntity[] = [];
    for (let i = 0; i < orderIds.length; i += IDS_PER_QUERY) {
      const where = { orderId: In(orderIds.slice(i, i + IDS_PER_QUERY)) };
      lines.push(...(await this.orders.manager.find(PartyOrderItemEntity, { where, order: { id: 'ASC' } })));
    }
    const described = new Map<string, string>();
    for (const line of lines) {
      const text = `${line.quantity} ${line.name}`;
      const before = described.get(line.orderId);
      described.set(line.orderId, before ? `${before}, ${text}` : text);
    }
    return described;
  }

  /**
   * Abandoned carts: orders with contact details that were never paid, started at least 30
   * minutes ago, whose buyer has not paid another order since. Newest first.
   */
  async abandonedCarts(filter: ReportFilter): Promise<PartyTicketRow[]> {
    const cutoff = new Date(Date.now() - ABANDONED_AFTER_MINUTES * 60_000);
    const { createdAt: inRange, ...event } = withinFilter(filter, 'createdAt');
    const createdAt = inRange ? And(inRange as FindOperator<Date>, LessThanOrEqual(cutoff)) : LessThanOrEqual(cutoff);
    const candidates = await this.orders.find({
      where: { ...event, status: In(['pending', 'cancelled']), createdAt },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: 1000,
    });
    if (candidates.length === 0) return [];
    const emails = [...new Set(candidates.map((o) => o.customerEmail))];
    const paid = await this.orders.find({
      where: { status: 'paid', customerEmail: In(emails) },
      select: { customerEmail: true, createdAt: true },
    });
    const lastPaid = new Map<string, number>();
    for (const p of paid) lastPaid.set(p.customerEmail, Math.max(lastPaid.get(p.customerEmail) ?? 0, p.createdAt.getTime()));
    return candidates.filter((o) => (lastPaid.get(o.customerEmail) ?? 0) < o.createdAt.getTime()).map(toTicketRow);
  }
}
