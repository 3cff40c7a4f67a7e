import { dashboardFilterQuery, type ReportExportFormat, type ReportExportTable } from '@festival/contracts';
import type { DashboardFilterValue } from '#shared/stores/dashboard-filter-store.ts';

/** The exports offered on `Reports`, with their labels. */
export const REPORT_EXPORTS: readonly { table: ReportExportTable; label: string }[] = [
  { table: 'party-tickets', label: 'Party tickets' },
  { table: 'abandoned-carts', label: 'Abandoned carts' },
  { table: 'drink-orders', label: 'Drinks orders' },
  { table: 'tabs', label: 'Tabs' },
  { table: 'revenue-by-day', label: 'Revenue by day' },
  { table: 'revenue-by-channel', label: 'Revenue by channel' },
  { table: 'drinks-by-item', label: 'Drinks by item' },
  { table: 'tickets-by-type', label: 'Tickets by type' },
];

/** The address of an export of `table` in `format`, with the current filter. */
export function exportHref(table: ReportExportTable, format: ReportExportFormat, filter: DashboardFilterValue): string {
  const query = dashboardFilterQuery(filter);
  return `/api/admin/reports/exports/${table}${query ? `${query}&` : '?'}format=${format}`;
}
