import { Controller, Get, Header, Query } from '@nestjs/common';
import { dashboardFilterSchema, type DashboardFilter, type ReconciliationReport, type RevenueReport } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { ReconciliationService } from './reconciliation.service.js';
import { ReportsService } from './reports.service.js';

/** `Reports` (docs/reports.md): the manager's alone (no @Roles), for the dashboard's event and dates. */
@Controller('admin/reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly reconciliation: ReconciliationService,
    private readonly seasons: SeasonsService,
  ) {}

  /** Totals, revenue by day, drinks by hour and item, revenue by channel, tabs. */
  @Get()
  @Header('Cache-Control', 'no-store')
  async report(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<RevenueReport> {
    return this.reports.report(await this.seasons.reportFilter(filter));
  }

  /** Every paid or refunded order of the event and dates against the gateway's records. */
  @Get('reconciliation')
  @Header('Cache-Control', 'no-store')
  async reconcile(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<ReconciliationReport> {
    return this.reconciliation.reconcile(await this.seasons.reportFilter(filter));
  }
}
