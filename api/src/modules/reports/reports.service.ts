import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import type { ReportExportTable, RevenueReport } from '@festival/contracts';
import { AnalyticsReportService } from '../analytics/analytics-report.service.js';
import type { Attribution } from '../analytics/attribution.js';
import { firstTouchOfSessions } from '../analytics/session-attribution.js';
import { DrinkOrdersAdmin } from '../drinks/drink-orders-admin.service.js';
import { DrinkOrderEntity } from '../drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../feast/feast-order.entity.js';
import { PaymentDisputes } from '../payments/payment-disputes.service.js';
import { withinFilter, type ReportFilter } from '../seasons/seasons.service.js';
import { storedSiteConfig } from '../site/stored-site-config.js';
import { PartyOrderItemEntity } from '../tickets/party-order-item.entity.js';
import { PartyOrderEntity } from '../tickets/party-order.entity.js';
import { TicketReportsService } from '../tickets/ticket-reports.service.js';
import { drinkOrdersTable, reportTable, ticketsTable, type ExportTable } from './report-exports.js';
import { PAID_STATUSES, type ReportSales } from './report-sales.js';
import { drinksByHour, drinksByItem, reportTotals, revenueByChannel, revenueByDay, soldOrders, tabsReport } from './revenue-report.js';
import { ticketsByType } from './tickets-by-type.js';

/** Order ids per `IN (...)`: well under every database's limit of bound values. */
const IDS_PER_QUERY = 500;

/**
 * The manager's money reports (docs/reports.md): what was sold, refunded and taxed in the
 * dashboard's event and dates, by day, hour, channel and drink. Read-only: one query per table
 * for the event and dates, summed here (a festival's orders are thousands, not millions).
 */
@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly analytics: AnalyticsReportService,
    private readonly tickets: TicketReportsService,
    private readonly drinkOrders: DrinkOrdersAdmin,
    private readonly disputes: PaymentDisputes,
  ) {}

  /** The orders and tabs a report of `filter` counts. */
  async sales(filter: ReportFilter): Promise<ReportSales> {
    const m = this.data.manager;
    const created = withinFilter(filter, 'createdAt');
    const [party, feast, drinks, tabsOpened, tabsClosed] = await Promise.all([
      m.find(PartyOrderEntity, { where: { ...created, status: In([...PAID_STATUSES]) }, order: { createdAt: 'ASC' } }),
      m.find(FeastOrderEntity, { where: { ...created, status: In([...PAID_STATUSES]) }, order: { createdAt: 'ASC' } }),
      m.find(DrinkOrderEntity, { where: { ...created, status: In([...PAID_STATUSES, 'tab']) }, order: { createdAt: 'ASC' } }),
      m.find(DrinkTabEntity, { where: { ...created, status: In(['open', 'closing', 'closed', 'settled']) } }),
      m.find(DrinkTabEntity, { where: { ...withinFilter(filter, 'closedAt'), status: In(['closed', 'settled']) } }),
    ]);
    const tabs = new Map([...tabsOpened, ...tabsClosed].map((t) => [t.id, t]));
    // The orders on those tabs, wherever their dates fall: a tab's running total is all of them.
    const tabIds = [...tabs.keys()];
    const tabOrders = tabIds.length ? await m.find(DrinkOrderEntity, { where: { tabId: In(tabIds), status: 'tab' } }) : [];
    const read = new Set(drinks.map((o) => o.id));
    const disputed = await this.disputes.forPayments([
      ...party.map((o) => o.paymentIntentId),
      ...feast.map((o) => o.paymentIntentId),
      ...drinks.map((o) => o.paymentIntentId),
      ...[...tabs.values()].map((t) => t.chargePaymentIntentId),
    ]);
    return {
      party,
      feast,
      drinks: [...drinks, ...tabOrders.filter((o) => !read.has(o.id))],
      tabs: [...tabs.values()],
      disputes: new Map([...disputed].map(([id, d]) => [id, { status: d.status, amountCents: d.amountCents }])),
    };
  }

  async report(filter: ReportFilter): Promise<RevenueReport> {
    const [sales, timeZone, visits] = await Promise.all([this.sales(filter), this.timeZone(), this.analytics.attribution(filter)]);
    const range = { since: filter.since, until: filter.until };
    const orders = soldOrders(sales);
    const lines = await this.orderLines(sales.party.map((o) => o.id));
    const touches = await firstTouchOfSessions(
      this.data.manager,
      orders.map((o) => o.sessionId).filter((s): s is string => Boolean(s)),
    );
    const firstTouch = new Map<string, Attribution>();
    for (const [sessionId, event] of touches) {
      firstTouch.set(sessionId, {
        source: event.attributionSource ?? '',
        medium: event.attributionMedium ?? '',
        campaign: event.attributionCampaign,
      });
    }
    return {
      timeZone,
      totals: reportTotals(sales, range),
      byDay: revenueByDay(sales, range, timeZone),
      drinksByHour: drinksByHour({ ...sales, drinks: sales.drinks.filter((o) => inFilter(o.createdAt, filter)) }, timeZone),
      channels: revenueByChannel(orders, firstTouch, visits),
      drinksByItem: drinksByItem({ ...sales, drinks: sales.drinks.filter((o) => inFilter(o.createdAt, filter)) }),
      ticketsByType: ticketsByType(sales.party, lines),
      tabs: tabsReport(sales),
    };
  }

  /** The lines of tickets of the season's other types of these party orders (docs/ticket-types.md). */
  private async orderLines(orderIds: readonly string[]): Promise<PartyOrderItemEntity[]> {
    const lines: PartyOrderItemEntity[] = [];
    for (let i = 0; i < orderIds.length; i += IDS_PER_QUERY) {
      const ids = orderIds.slice(i, i + IDS_PER_QUERY);
      lines.push(...(await this.data.manager.find(PartyOrderItemEntity, { where: { orderId: In(ids) }, order: { id: 'ASC' } })));
    }
    return lines;
  }

  /** One table of `Reports` or the dashboard, for an export (docs/reports.md, Exports). */
  async exportTable(table: ReportExportTable, filter: ReportFilter): Promise<ExportTable> {
    const timeZone = await this.timeZone();
    switch (table) {
      case 'party-tickets':
        return ticketsTable('Party tickets', await this.tickets.paidTickets(filter), timeZone, true);
      case 'abandoned-carts':
        return ticketsTable('Abandoned carts', await this.tickets.abandonedCarts(filter), timeZone, false);
      case 'drink-orders':
        return drinkOrdersTable(await this.drinkOrders.list(filter), timeZone);
      default:
        return reportTable(table, await this.report(filter));
    }
  }

  async timeZone(): Promise<string> {
    return (await storedSiteConfig(this.data.manager)).party.timeZone;
  }
}

/** An instant within the filter's dates (the orders of tabs are read whatever their dates). */
export function inFilter(at: Date, filter: ReportFilter): boolean {
  return (!filter.since || at >= filter.since) && (!filter.until || at < filter.until);
}
