import { Controller, Get, Query } from '@nestjs/common';
import { dashboardFilterSchema, type DashboardFilter, type FeastOrder } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { FeastOrdersListService } from './feast-orders-list.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** Staff: the feast pack orders, of an event (the one on sale without `eventId`) and dates. */
@Controller('orders')
export class FeastOrdersListController {
  constructor(
    private readonly orders: FeastOrdersListService,
    private readonly seasons: SeasonsService,
  ) {}

  @Get()
  @ApiRoute({ tag: 'reports', summary: 'Feast pack orders', response: { type: 'FeastOrder', array: true } })
  async list(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<FeastOrder[]> {
    return this.orders.list(await this.seasons.reportFilter(filter));
  }
}
