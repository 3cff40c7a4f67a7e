import { Col, Flex, Layout, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { useRevenueReport } from '../api/get-report';
import { REPORT_EXPORTS } from '../lib/export-links';
import { ChannelsTable } from './channels-table';
import { DrinksByItemTable } from './drinks-by-item-table';
import { ExportButtons } from './export-buttons';
import { Reconciliation } from './reconciliation';
import { ReportSection } from './report-section';
import { RevenueByDayTable } from './revenue-by-day-table';
import { TabsSection } from './tabs-section';
import { TicketsByTypeTable } from './tickets-by-type-table';
import { Totals } from './totals';

const RevenueByDayChart = lazy(() => import('./revenue-charts').then((m) => ({ default: m.RevenueByDayChart })));
const DrinksByHourChart = lazy(() => import('./revenue-charts').then((m) => ({ default: m.DrinksByHourChart })));

const WIDTH = 1280;
const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 260 }} />;

interface ReportsViewProps {
  /** The event and dates filter, above the figures. */
  filterBar: ReactNode;
  /** A tab's row or reference clicked: its details. */
  onOpenTab: (tabId: string) => void;
  /** The tab details shown beside the tabs (a drawer). */
  tabDetails: ReactNode;
}

/** The reports of the dashboard's event and dates: totals, revenue, channels, drinks, tabs, reconciliation and exports. */
export function ReportsView({ filterBar, onOpenTab, tabDetails }: ReportsViewProps) {
  const report = useRevenueReport();
  const data = report.data;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Reports"
        subtitle="Revenue, channels and payments of the selected event and dates."
        maxWidth={WIDTH}
        backToDashboard
      />
      <Layout.Content style={{ maxWidth: WIDTH, width: '100%', margin: '0 auto', padding: '20px 16px 48px' }}>
        <Flex vertical gap={16}>
          {filterBar}
          {report.error && !data ? <SectionError what="reports" error={report.error} onRetry={() => void report.refetch()} /> : null}
          <ReportSection title="Totals">{data ? <Totals totals={data.totals} /> : <Skeleton active />}</ReportSection>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <ReportSection title="Revenue by day">
                {data ? (
                  data.byDay.length ? (
                    <Flex vertical gap={12}>
                      <Suspense fallback={chartFallback}>
                        <RevenueByDayChart days={data.byDay} />
                      </Suspense>
                      <RevenueByDayTable days={data.byDay} />
                    </Flex>
                  ) : (
                    <Typography.Text type="secondary">No sales in this period</Typography.Text>
                  )
                ) : (
                  chartFallback
                )}
              </ReportSection>
            </Col>
            <Col xs={24} xl={10}>
              <ReportSection title="Drinks by hour">
                {data ? (
                  data.drinksByHour.length ? (
                    <Suspense fallback={chartFallback}>
                      <DrinksByHourChart hours={data.drinksByHour} />
                    </Suspense>
                  ) : (
                    <Typography.Text type="secondary">No drinks sold in this period</Typography.Text>
                  )
                ) : (
                  chartFallback
                )}
              </ReportSection>
            </Col>
          </Row>
          <ReportSection
            title="Revenue by channel"
            extra={<Typography.Text type="secondary">First touch of the visitor&apos;s session</Typography.Text>}
          >
            <ChannelsTable channels={data?.channels} />
          </ReportSection>
          <ReportSection title="Tickets by type" extra={<Typography.Text type="secondary">Comps count as sold at $0</Typography.Text>}>
            <TicketsByTypeTable types={data?.ticketsByType} />
          </ReportSection>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={10}>
              <ReportSection title="Drinks by item">
                <DrinksByItemTable items={data?.drinksByItem} />
              </ReportSection>
            </Col>
            <Col xs={24} xl={14}>
              <ReportSection title="Tabs">
                <TabsSection tabs={data?.tabs} onOpenTab={onOpenTab} />
              </ReportSection>
            </Col>
          </Row>
          {tabDetails}
          <Reconciliation />
          <ReportSection title="Exports">
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">Each export holds the selected event and dates.</Typography.Text>
              {REPORT_EXPORTS.map((table) => (
                <ExportButtons key={table.table} table={table} />
              ))}
            </Flex>
          </ReportSection>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
