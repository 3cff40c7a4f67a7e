import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { FeastOrder } from '@festival/contracts';
import { PaymentDisputes } from '../payments/payment-disputes.service.js';
import { withinFilter, type ReportFilter } from '../seasons/seasons.service.js';
import { FeastOrderEntity } from './feast-order.entity.js';

@Injectable()
export class FeastOrdersListService {
  constructor(
    @InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>,
    private readonly disputes: PaymentDisputes,
  ) {}

  /** The feast pack orders of the filter's event and dates, newest first, each with its payment's dispute if any. */
  async list(filter: ReportFilter): Promise<FeastOrder[]> {
    const rows = await this.orders.find({
      where: { ...withinFilter(filter, 'createdAt'), status: 'paid' },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    const disputes = await this.disputes.forPayments(rows.map((o) => o.paymentIntentId));
    return rows.map((row) => toFeastOrder(row, (row.paymentIntentId && disputes.get(row.paymentIntentId)?.status) || null));
  }

  /** The addresses (lower-cased, once each) of the season's paid feast pack orders, for a campaign audience. */
  async paidBuyerEmails(eventId: number): Promise<string[]> {
    const rows = await this.orders
      .createQueryBuilder('o')
      .select('LOWER(o.customerEmail)', 'email')
      .distinct(true)
      .where('o.eventId = :eventId AND o.status = :paid', { eventId, paid: 'paid' })
      .getRawMany<{ email: string }>();
    return rows.map((row) => row.email);
  }
}

export function toFeastOrder(row: FeastOrderEntity, dispute: FeastOrder['dispute'] = null): FeastOrder {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime,
    items: JSON.parse(row.items) as FeastOrder['items'],
    totalAmount: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    dispute,
    pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
    pickedUpBy: row.pickedUpBy,
  };
}
