import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { FeastOrder } from '@festival/contracts';
import { withinFilter, type ReportFilter } from '../seasons/seasons.service.js';
import { FeastOrderEntity } from './feast-order.entity.js';

@Injectable()
export class OrdersService {
  constructor(@InjectRepository(FeastOrderEntity) private readonly orders: Repository<FeastOrderEntity>) {}

  /** The feast pack orders of the filter's event and dates, newest first. */
  async list(filter: ReportFilter): Promise<FeastOrder[]> {
    const rows = await this.orders.find({
      where: { ...withinFilter(filter, 'createdAt'), status: 'paid' },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return rows.map(toFeastOrder);
  }
}

export function toFeastOrder(row: FeastOrderEntity): FeastOrder {
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
  };
}
