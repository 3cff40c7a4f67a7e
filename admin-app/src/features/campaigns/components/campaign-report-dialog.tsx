import { Modal, Table, Typography, type TableColumnsType } from 'antd';
import type { Campaign, CampaignRecipientReport } from '@festival/contracts';
import { SectionError } from '#shared/components/section-error.tsx';
import { useCampaignReport } from '../api/get-campaign-report';
import { recipientOutcome } from '../lib/recipient-outcome';

const COLUMNS: TableColumnsType<CampaignRecipientReport> = [
  { title: 'Email', dataIndex: 'email', key: 'email' },
  {
    title: 'Result',
    key: 'result',
    render: (_, row) => (
      <Typography.Text type={row.status === 'failed' ? 'danger' : row.status === 'skipped' ? 'warning' : undefined}>
        {recipientOutcome(row)}
      </Typography.Text>
    ),
  },
];

/** A campaign's report: each recipient and what became of it (sent, failed with the server's answer, skipped with the reason). */
export function CampaignReportDialog({ campaign, onClose }: { campaign: Campaign | undefined; onClose(): void }) {
  const report = useCampaignReport(campaign?.id, campaign?.status === 'sending');
  return (
    <Modal
      open={campaign !== undefined}
      title={`Report: ${campaign?.name ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {report.error ? (
        <SectionError what="report" error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Table<CampaignRecipientReport>
          rowKey="email"
          size="small"
          columns={COLUMNS}
          dataSource={report.data}
          loading={report.isPending}
          pagination={(report.data?.length ?? 0) > 50 ? { pageSize: 50 } : false}
          aria-label="Recipients"
        />
      )}
    </Modal>
  );
}
