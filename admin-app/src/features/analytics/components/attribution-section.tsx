import { Card, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { AttributionRow } from '@festival/contracts';
import { ScrollRegion } from '#shared/components/scroll-region.tsx';
import { SectionTitle } from '#shared/components/section-title.tsx';
import { formatCount } from '#shared/lib/format.ts';
import { conversionRate, isHighRate } from '../lib/attribution';

const EMPTY = 'No attribution data yet. Share the links above to track marketing performance!';

/** 5. Marketing Attribution: page views and conversions per source, medium and campaign. */
export function AttributionSection({ rows, error }: { rows: AttributionRow[] | undefined; error: ReactNode }) {
  const columns: TableColumnsType<AttributionRow> = [
    { title: 'Source', dataIndex: 'source', key: 'source' },
    { title: 'Medium', dataIndex: 'medium', key: 'medium' },
    { title: 'Campaign', dataIndex: 'campaign', key: 'campaign', render: (campaign: string | null) => campaign ?? '—' },
    { title: 'Page Views', dataIndex: 'pageViews', key: 'pageViews', align: 'right', render: formatCount },
    { title: 'Conversions', dataIndex: 'conversions', key: 'conversions', align: 'right', render: formatCount },
    {
      title: 'Conversion Rate',
      key: 'rate',
      align: 'right',
      render: (_, row) => {
        const rate = conversionRate(row);
        return isHighRate(rate) ? (
          <Tag color="success" variant="solid" style={{ marginInlineEnd: 0 }}>
            {rate}%
          </Tag>
        ) : (
          `${rate}%`
        );
      },
    },
  ];
  return (
    <Card title={<SectionTitle subtitle="Rates above 5% are highlighted">Marketing Attribution</SectionTitle>}>
      {error ??
        (rows === undefined ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : (
          <ScrollRegion label="Marketing attribution table" minWidth={640}>
            <Table<AttributionRow>
              rowKey={(row) => `${row.source}\u0000${row.medium}\u0000${row.campaign ?? ''}`}
              columns={columns}
              dataSource={rows}
              pagination={rows.length > 15 ? { pageSize: 15 } : false}
              size="middle"
              locale={{ emptyText: EMPTY }}
            />
          </ScrollRegion>
        ))}
    </Card>
  );
}
