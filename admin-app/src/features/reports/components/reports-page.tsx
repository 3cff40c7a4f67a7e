import { Alert, Button, Card, Col, Flex, Layout, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  formatCents,
  type ChannelRow,
  type DrinkItemRow,
  type ReconciliationMismatch,
  type ReportTab,
  type ReportTotals,
  type RevenueDay,
} from '@festival/contracts';
import { errorMessage } from '../../../shared/api/error-message';
import { AdminPageHeader } from '../../../shared/components/admin-page-header';
import { palette } from '../../../shared/theme/admin-theme';
import { DrinkDetailsDrawer, type DrinkDetailsTarget } from '../../dashboard/components/drink-details-drawer';
import { EventFilterBar } from '../../dashboard/components/event-filter-bar';
import { useDashboardFilter } from '../../dashboard/stores/dashboard-filter-store';
import { useEvents } from '../../seasons/api/events';
import { useReconciliation } from '../api/get-reconciliation';
import { useRevenueReport } from '../api/get-report';
import { exportHref, REPORT_EXPORTS } from '../lib/export-links';

const RevenueByDayChart = lazy(() => import('./revenue-charts').then((m) => ({ default: m.RevenueByDayChart })));
const DrinksByHourChart = lazy(() => import('./revenue-charts').then((m) => ({ default: m.DrinksByHourChart })));

const WIDTH = 1280;
const count = new Intl.NumberFormat('en-US');
const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** One headline figure: its label and value, named for screen readers and tests alike. */
function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex
      vertical
      role="group"
      aria-label={label}
      style={{
        background: strong ? palette.aubergine : palette.white,
        color: strong ? palette.cream : palette.ink,
        borderRadius: 8,
        padding: '12px 16px',
        minWidth: 160,
        border: `1px solid ${palette.sand}`,
      }}
    >
      <span style={{ fontSize: 13, opacity: 0.8 }}>{label}</span>
      <span style={{ fontSize: 22, fontWeight: 700 }}>{value}</span>
    </Flex>
  );
}

function Totals({ totals }: { totals: ReportTotals }) {
  return (
    <Flex gap={12} wrap>
      <Figure label="Net revenue" value={formatCents(totals.netCents)} strong />
      <Figure label="Ticket revenue" value={formatCents(totals.ticketRevenueCents)} />
      <Figure label="Drinks revenue" value={formatCents(totals.drinksRevenueCents)} />
      <Figure label="Feast pack revenue" value={formatCents(totals.feastRevenueCents)} />
      <Figure label="Refunds" value={formatCents(totals.refundsCents)} />
      <Figure label="Disputed (held)" value={formatCents(totals.disputedCents)} />
      <Figure label="Lost to disputes" value={formatCents(totals.disputesLostCents)} />
      <Figure label="Tax collected" value={formatCents(totals.taxCents)} />
      <Figure label="Tickets sold" value={count.format(totals.ticketsSold)} />
      <Figure label="Comps" value={`${count.format(totals.compOrders)} (${count.format(totals.compTickets)} tickets)`} />
    </Flex>
  );
}

function ExportButtons({ table }: { table: (typeof REPORT_EXPORTS)[number] }) {
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

function Failure({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`The ${what} could not be loaded`}
      description={errorMessage(error, 'Please check the connection and try again.')}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

/** The chart's days as a table: what the `Revenue by day` export holds. */
function RevenueByDayTable({ days }: { days: RevenueDay[] }) {
  return (
    <Table<RevenueDay>
      aria-label="Revenue by day"
      rowKey="date"
      size="small"
      dataSource={days}
      pagination={{ pageSize: 14, hideOnSinglePage: true }}
      columns={[
        { title: 'Date', dataIndex: 'date' },
        { title: 'Tickets', dataIndex: 'ticketsCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Drinks', dataIndex: 'drinksCents', align: 'right', render: (c: number) => formatCents(c) },
        { title: 'Total', key: 'total', align: 'right', render: (_, d) => formatCents(d.ticketsCents + d.drinksCents) },
      ]}
    />
  );
}

const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 260 }} />;
const money = (cents: number) => formatCents(cents);

const MISMATCH_LABEL: Record<ReconciliationMismatch['kind'], string> = {
  'missing-at-gateway': 'Paid here, not at the gateway',
  'missing-here': 'Paid at the gateway, not here',
  'amount-differs': 'Amount differs',
};

function Reconciliation() {
  const reconciliation = useReconciliation();
  const data = reconciliation.data;
  let body: ReactNode;
  if (reconciliation.error && !data) {
    body = <Failure what="reconciliation" error={reconciliation.error} onRetry={() => void reconciliation.refetch()} />;
  } else if (!data) {
    body = <Skeleton active />;
  } else if (data.allMatch) {
    body = (
      <Alert
        type="success"
        showIcon
        title="All payments match"
        description={`${count.format(data.checked)} payments checked against the gateway${data.outsideGateway ? `; ${count.format(data.outsideGateway)} paid orders without a gateway payment` : ''}${data.disputed ? `; ${count.format(data.disputed)} disputed by the card's bank` : ''}.`}
      />
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        <Alert
          type="error"
          showIcon
          title={`${count.format(data.mismatches.length)} ${data.mismatches.length === 1 ? 'payment does' : 'payments do'} not match`}
          description={`${count.format(data.checked)} payments checked against the gateway.`}
        />
        <Table<ReconciliationMismatch>
          aria-label="Mismatches"
          rowKey="paymentId"
          size="small"
          pagination={false}
          dataSource={data.mismatches}
          columns={[
            {
              title: 'Problem',
              dataIndex: 'kind',
              render: (kind: ReconciliationMismatch['kind']) => <Tag color="red">{MISMATCH_LABEL[kind]}</Tag>,
            },
            { title: 'Order', dataIndex: 'orderId', render: (id: string | null, m) => (id ? `${m.orderType} ${id.slice(0, 8)}` : '—') },
            { title: 'Customer', dataIndex: 'customerName', render: (name: string | null) => name ?? '—' },
            { title: 'Here', dataIndex: 'hereCents', render: (c: number | null) => (c === null ? '—' : money(c)) },
            { title: 'At the gateway', dataIndex: 'gatewayCents', render: (c: number | null) => (c === null ? '—' : money(c)) },
            { title: 'Details', dataIndex: 'message' },
          ]}
        />
      </Flex>
    );
  }
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 18 }}>Reconciliation</h2>}
      extra={
        <Button onClick={() => void reconciliation.refetch()} loading={reconciliation.isFetching}>
          Check again
        </Button>
      }
    >
      {body}
    </Card>
  );
}

/** /admin/reports (manager only): the money of the dashboard's event and dates (docs/reports.md). */
export function ReportsPage() {
  const [tab, setTab] = useState<DrinkDetailsTarget | null>(null);
  const events = useEvents();
  const report = useRevenueReport();
  const data = report.data;
  const section = (title: string, children: ReactNode, extra?: ReactNode) => (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} extra={extra}>
      {children}
    </Card>
  );
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
          <EventFilterBar events={events.data?.events} current={events.data?.current} />
          {report.error && !data ? <Failure what="reports" error={report.error} onRetry={() => void report.refetch()} /> : null}
          {section('Totals', data ? <Totals totals={data.totals} /> : <Skeleton active />)}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              {section(
                'Revenue by day',
                data ? (
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
                ),
              )}
            </Col>
            <Col xs={24} xl={10}>
              {section(
                'Drinks by hour',
                data ? (
                  data.drinksByHour.length ? (
                    <Suspense fallback={chartFallback}>
                      <DrinksByHourChart hours={data.drinksByHour} />
                    </Suspense>
                  ) : (
                    <Typography.Text type="secondary">No drinks sold in this period</Typography.Text>
                  )
                ) : (
                  chartFallback
                ),
              )}
            </Col>
          </Row>
          {section(
            'Revenue by channel',
            <Table<ChannelRow>
              aria-label="Revenue by channel"
              rowKey={(r) => `${r.source}/${r.medium}/${r.campaign ?? ''}`}
              size="middle"
              loading={!data}
              dataSource={data?.channels ?? []}
              pagination={false}
              locale={{ emptyText: 'No visits or orders in this period' }}
              columns={[
                { title: 'Source', dataIndex: 'source' },
                { title: 'Medium', dataIndex: 'medium' },
                { title: 'Campaign', dataIndex: 'campaign', render: (c: string | null) => c ?? '—' },
                { title: 'Visits', dataIndex: 'visits', align: 'right', render: (n: number) => count.format(n) },
                { title: 'Orders', dataIndex: 'orders', align: 'right', render: (n: number) => count.format(n) },
                { title: 'Revenue', dataIndex: 'revenueCents', align: 'right', render: money },
                {
                  title: 'Revenue per visit',
                  dataIndex: 'revenuePerVisitCents',
                  align: 'right',
                  render: (c: number | null) => (c === null ? '—' : money(c)),
                },
              ]}
            />,
            <Typography.Text type="secondary">First touch of the visitor&apos;s session</Typography.Text>,
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={10}>
              {section(
                'Drinks by item',
                <Table<DrinkItemRow>
                  aria-label="Drinks by item"
                  rowKey="name"
                  size="small"
                  loading={!data}
                  dataSource={data?.drinksByItem ?? []}
                  pagination={false}
                  locale={{ emptyText: 'No drinks sold in this period' }}
                  columns={[
                    { title: 'Drink', dataIndex: 'name' },
                    { title: 'Quantity', dataIndex: 'quantity', align: 'right', render: (n: number) => count.format(n) },
                    { title: 'Revenue (before tax)', dataIndex: 'revenueCents', align: 'right', render: money },
                  ]}
                />,
              )}
            </Col>
            <Col xs={24} xl={14}>
              {section(
                'Tabs',
                <Flex vertical gap={12}>
                  {data ? (
                    <Flex gap={12} wrap>
                      <Figure label="Open tabs" value={`${count.format(data.tabs.open.count)} · ${money(data.tabs.open.totalCents)}`} />
                      <Figure
                        label="Closed tabs"
                        value={`${count.format(data.tabs.closed.count)} · ${money(data.tabs.closed.totalCents)}`}
                      />
                    </Flex>
                  ) : null}
                  <Table<ReportTab>
                    aria-label="Tabs"
                    rowKey="id"
                    size="small"
                    loading={!data}
                    dataSource={data?.tabs.tabs ?? []}
                    pagination={{ pageSize: 20, hideOnSinglePage: true }}
                    locale={{ emptyText: 'No tabs in this period' }}
                    onRow={(tab) => ({ onClick: () => setTab({ kind: 'tab', id: tab.id }), style: { cursor: 'pointer' } })}
                    columns={[
                      {
                        title: 'Tab',
                        dataIndex: 'reference',
                        render: (reference: string, tab) => (
                          <Button
                            type="link"
                            style={{ padding: 0, height: 'auto' }}
                            aria-label={`Tab details of ${reference}`}
                            onClick={(event) => {
                              event.stopPropagation();
                              setTab({ kind: 'tab', id: tab.id });
                            }}
                          >
                            {reference}
                          </Button>
                        ),
                      },
                      { title: 'Guest', dataIndex: 'customerName' },
                      { title: 'Table', dataIndex: 'tableNumber', render: (table: string | null) => table ?? '—' },
                      {
                        title: 'Status',
                        dataIndex: 'status',
                        render: (s: string) => <Tag color={s === 'open' ? 'gold' : 'default'}>{s === 'open' ? 'Open' : 'Closed'}</Tag>,
                      },
                      { title: 'Opened', dataIndex: 'openedAt', render: formatTime },
                      { title: 'Orders', dataIndex: 'orders', align: 'right' },
                      { title: 'Total', dataIndex: 'totalCents', align: 'right', render: money },
                    ]}
                  />
                </Flex>,
              )}
            </Col>
          </Row>
          <DrinkDetailsDrawer target={tab} onOpen={setTab} onClose={() => setTab(null)} />
          <Reconciliation />
          {section(
            'Exports',
            <Flex vertical gap={8}>
              <Typography.Text type="secondary">Each export holds the selected event and dates.</Typography.Text>
              {REPORT_EXPORTS.map((table) => (
                <ExportButtons key={table.table} table={table} />
              ))}
            </Flex>,
          )}
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
