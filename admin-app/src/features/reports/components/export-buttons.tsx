import { Button, Flex, Typography } from 'antd';
import { useDashboardFilter } from '#shared/stores/dashboard-filter-store.ts';
import { exportHref, type REPORT_EXPORTS } from '../lib/export-links';

/** One export's `CSV` and `XLSX` downloads, with the current filter. */
export function ExportButtons({ table }: { table: (typeof REPORT_EXPORTS)[number] }) {
  const filter = useDashboardFilter();
  return (
    <Flex gap={8} align="center" role="group" aria-label={`Export ${table.label}`}>
      <Typography.Text style={{ minWidth: 160 }}>{table.label}</Typography.Text>
      <Button href={exportHref(table.table, 'csv', filter)} download aria-label={`Export ${table.label} as CSV`}>
        CSV
      </Button>
      <Button href={exportHref(table.table, 'xlsx', filter)} download aria-label={`Export ${table.label} as XLSX`}>
        XLSX
      </Button>
    </Flex>
  );
}
