import { Controller, Get, Query } from '@nestjs/common';
import { dashboardFilterSchema, type DashboardFilter, type FeastOrder } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { OrdersService } from './orders.service.js';

/** Staff: the feast pack orders, of an event (the one on sale without `eventId`) and dates. */
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly seasons: SeasonsService,
  ) {}

  @Get()
  async list(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<FeastOrder[]> {
    return this.orders.list(await this.seasons.reportFilter(filter));
  }
}
