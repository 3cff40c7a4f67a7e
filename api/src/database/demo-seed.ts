import type { DataSource } from 'typeorm';
import { FeastOrderEntity } from '../modules/orders/feast-order.entity.js';
import { PartyOrderEntity } from '../modules/tickets/party-order.entity.js';
import { seedDemoOrders } from './demo-data.js';

export interface SeedResult {
  seeded: boolean;
  message: string;
}

/** Seeds every kind of demo data; an existing database is left alone unless `force`. */
export async function seedDemoData(dataSource: DataSource, options: { force?: boolean; now?: Date } = {}): Promise<SeedResult> {
  const existing = (await dataSource.getRepository(FeastOrderEntity).count()) + (await dataSource.getRepository(PartyOrderEntity).count());
  if (existing > 0 && !options.force) {
    return { seeded: false, message: `The database already holds ${existing} orders: nothing seeded (use --force to add the demo data anyway).` };
  }
  const orders = await seedDemoOrders(dataSource, options.now);
  return {
    seeded: true,
    message: `Seeded ${orders.feastOrders} feast pack orders, ${orders.paidTickets} paid ticket orders and ${orders.abandonedCarts} abandoned carts.`,
  };
}
