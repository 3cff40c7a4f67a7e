import { Button, Flex, Table, Tag } from 'antd';
import type { ReportTab, TabsReport } from '@festival/contracts';
import { formatCount, formatMoney } from '#shared/lib/format.ts';
import { formatOptionalDateTime } from '../lib/report-format';
import { Figure } from './figure';

/** `Tabs`: the open and closed tabs' counts and totals, and every tab; a row opens its details. */
export function TabsSection({ tabs, onOpenTab }: { tabs: TabsReport | undefined; onOpenTab: (tabId: string) => void }) {
  return (
    <Flex vertical gap={12}>
      {tabs ? (
        <Flex gap={12} wrap>
          <Figure label="Open tabs" value={`${formatCount(tabs.open.count)} · ${formatMoney(tabs.open.totalCents)}`} />
          <Figure label="Closed tabs" value={`${formatCount(tabs.closed.count)} · ${formatMoney(tabs.closed.totalCents)}`} />
        </Flex>
      ) : null}
      <Table<ReportTab>
        aria-label="Tabs"
        rowKey="id"
        size="small"
        loading={!tabs}
        dataSource={tabs?.tabs ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: 'No tabs in this period' }}
        onRow={(tab) => ({ onClick: () => onOpenTab(tab.id), style: { cursor: 'pointer' } })}
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
                  onOpenTab(tab.id);
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
          { title: 'Opened', dataIndex: 'openedAt', render: formatOptionalDateTime },
          { title: 'Orders', dataIndex: 'orders', align: 'right' },
          { title: 'Total', dataIndex: 'totalCents', align: 'right', render: formatMoney },
        ]}
      />
    </Flex>
  );
}
