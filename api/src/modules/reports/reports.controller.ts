import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import {
  dashboardFilterSchema,
  reportExportFormatSchema,
  reportExportTableSchema,
  type DashboardFilter,
  type ReconciliationReport,
  type ReportExportFormat,
  type ReportExportTable,
  type RevenueReport,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { exportCsv, exportXlsx } from './report-exports.js';
import { ReconciliationService } from './reconciliation.service.js';
import { ReportsService } from './reports.service.js';
import { ApiRoute } from '../../common/route-facts.js';

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
  @ApiRoute({
    tag: 'reports',
    summary: 'Reports: totals, revenue by day and channel, drinks by hour and item, tabs',
    response: { type: 'RevenueReport' },
  })
  @Header('Cache-Control', 'no-store')
  async report(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<RevenueReport> {
    return this.reports.report(await this.seasons.reportFilter(filter));
  }

  /** Every paid or refunded order of the event and dates against the gateway's records. */
  @Get('reconciliation')
  @ApiRoute({
    tag: 'reports',
    summary: "Reconciliation: the period's paid and refunded orders against the gateway's records",
    response: { type: 'ReconciliationReport' },
  })
  @Header('Cache-Control', 'no-store')
  async reconcile(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<ReconciliationReport> {
    return this.reconciliation.reconcile(await this.seasons.reportFilter(filter));
  }

  /**
   * An export of one table (party tickets, abandoned carts, drinks orders, tabs, the revenue
   * tables) with the filter, as CSV or XLSX (`?format=`), downloaded as a file.
   */
  @Get('exports/:table')
  @ApiRoute({
    tag: 'reports',
    summary: 'An export of party tickets, abandoned carts, drinks orders, tabs or a revenue table, as CSV or XLSX (?format=)',
    params: { table: reportExportTableSchema },
    response: { mediaType: 'text/csv' },
  })
  @Header('Cache-Control', 'no-store')
  async export(
    @Param('table', new ZodValidationPipe(reportExportTableSchema)) table: ReportExportTable,
    @Query('format', new ZodValidationPipe(reportExportFormatSchema)) format: ReportExportFormat,
    @Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter,
  ): Promise<StreamableFile> {
    const rows = await this.reports.exportTable(table, await this.seasons.reportFilter(filter));
    const name = `${table}-${new Date().toISOString().slice(0, 10)}.${format}`;
    const disposition = `attachment; filename="${name}"`;
    if (format === 'xlsx') {
      return new StreamableFile(await exportXlsx(rows), {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        disposition,
      });
    }
    return new StreamableFile(exportCsv(rows), { type: 'text/csv; charset=utf-8', disposition });
  }
}
