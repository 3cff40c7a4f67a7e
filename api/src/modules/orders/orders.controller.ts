import { Controller, Get } from '@nestjs/common';
import type { FeastOrder } from '@festival/contracts';
import { OrdersService } from './orders.service.js';

/** Staff: the feast pack orders. */
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  list(): Promise<FeastOrder[]> {
    return this.orders.list();
  }
}
