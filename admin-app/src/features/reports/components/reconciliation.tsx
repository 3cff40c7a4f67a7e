import { Alert, Button, Flex, Skeleton, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { ReconciliationMismatch } from '@festival/contracts';
import { SectionError } from '#shared/components/section-error.tsx';
import { useReconciliation } from '../api/get-reconciliation';
import { ReportSection } from './report-section';
import { formatCount, formatMoney } from '#shared/lib/format.ts';

const MISMATCH_LABEL: Record<ReconciliationMismatch['kind'], string> = {
  'missing-at-gateway': 'Paid here, not at the gateway',
  'missing-here': 'Paid at the gateway, not here',
  'amount-differs': 'Amount differs',
};

/** `Reconciliation`: the period's payments against the gateway's, and what does not match. */
export function Reconciliation() {
  const reconciliation = useReconciliation();
  const data = reconciliation.data;
  let body: ReactNode;
  if (reconciliation.error && !data) {
    body = <SectionError what="reconciliation" error={reconciliation.error} onRetry={() => void reconciliation.refetch()} />;
  } else if (!data) {
    body = <Skeleton active />;
  } else if (data.allMatch) {
    body = (
      <Alert
        type="success"
        showIcon
        title="All payments match"
        description={`${formatCount(data.checked)} payments checked against the gateway${data.outsideGateway ? `; ${formatCount(data.outsideGateway)} paid orders without a gateway payment` : ''}${data.disputed ? `; ${formatCount(data.disputed)} disputed by the card's bank` : ''}.`}
      />
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        <Alert
          type="error"
          showIcon
          title={`${formatCount(data.mismatches.length)} ${data.mismatches.length === 1 ? 'payment does' : 'payments do'} not match`}
          description={`${formatCount(data.checked)} payments checked against the gateway.`}
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
            { title: 'Here', dataIndex: 'hereCents', render: (c: number | null) => (c === null ? '—' : formatMoney(c)) },
            { title: 'At the gateway', dataIndex: 'gatewayCents', render: (c: number | null) => (c === null ? '—' : formatMoney(c)) },
            { title: 'Details', dataIndex: 'message' },
          ]}
        />
      </Flex>
    );
  }
  return (
    <ReportSection
      title="Reconciliation"
      extra={
        <Button onClick={() => void reconciliation.refetch()} loading={reconciliation.isFetching}>
          Check again
        </Button>
      }
    >
      {body}
    </ReportSection>
  );
}
