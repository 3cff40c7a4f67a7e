import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import type { Campaign } from '@festival/contracts';
import { plural } from '../lib/plural';
import { CampaignActions } from './campaign-actions';
import { CampaignStatus } from './campaign-status';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface CampaignsTableProps {
  campaigns: Campaign[] | undefined;
  loading: boolean;
  onCreate(): void;
  onSendTest(campaign: Campaign): void;
  onReport(campaign: Campaign): void;
}

/** All Campaigns: name, subject, recipients, status, created, actions; or the empty state. */
export function CampaignsTable({ campaigns, loading, onCreate, onSendTest, onReport }: CampaignsTableProps) {
  const columns: TableColumnsType<Campaign> = [
    { title: 'Campaign Name', dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: 'Subject', dataIndex: 'subject', key: 'subject' },
    { title: 'Recipients', key: 'recipients', render: (_, c) => plural(c.recipientEmails.length, 'email') },
    { title: 'Status', key: 'status', width: 190, render: (_, c) => <CampaignStatus campaign={c} /> },
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: (createdAt: string) => dateTime.format(new Date(createdAt)) },
    {
      title: 'Actions',
      key: 'actions',
      width: 300,
      render: (_, c) => <CampaignActions campaign={c} onSendTest={onSendTest} onReport={onReport} />,
    },
  ];
  return (
    <Table<Campaign>
      rowKey="id"
      columns={columns}
      dataSource={campaigns}
      loading={loading}
      pagination={(campaigns?.length ?? 0) > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 960 }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No campaigns yet">
            <Button type="primary" onClick={onCreate}>
              Create Your First Campaign
            </Button>
          </Empty>
        ),
      }}
    />
  );
}
