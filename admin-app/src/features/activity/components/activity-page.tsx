import { Card, Flex, Layout, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { STAFF_ACTIONS, type ActivityEntry, type StaffAction } from '@festival/contracts';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { useActivity, type ActivityFilter } from '../api/get-activity';
import { ACTION_LABELS } from '../lib/action-labels';

const PAGE_SIZE = 50;
const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** /admin/activity (manager only): every staff action, newest first, by who and by action. */
export function ActivityPage() {
  const [filter, setFilter] = useState<ActivityFilter>({ page: 1, pageSize: PAGE_SIZE });
  const activity = useActivity(filter);
  const people = activity.data?.people ?? [];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader title="Activity" subtitle="Who did what in the staff area, newest first." maxWidth={1200} backToDashboard />
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Card
          title="Activity log"
          extra={
            <Flex gap={8} wrap>
              <Select
                aria-label="Filter by who"
                placeholder="Everyone"
                allowClear
                style={{ minWidth: 180 }}
                value={filter.who}
                options={people.map((who) => ({ value: who, label: who }))}
                onChange={(who?: string) => setFilter((f) => ({ ...f, who, page: 1 }))}
              />
              <Select
                aria-label="Filter by action"
                placeholder="Every action"
                allowClear
                style={{ minWidth: 200 }}
                value={filter.action}
                options={STAFF_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }))}
                onChange={(action?: StaffAction) => setFilter((f) => ({ ...f, action, page: 1 }))}
              />
            </Flex>
          }
        >
          {activity.error ? (
            <SectionError what="activity log" error={activity.error} onRetry={() => void activity.refetch()} />
          ) : (
            <Table<ActivityEntry>
              rowKey="id"
              size="middle"
              loading={activity.isFetching}
              dataSource={activity.data?.items ?? []}
              locale={{ emptyText: 'No staff activity yet' }}
              pagination={{
                current: filter.page,
                pageSize: filter.pageSize,
                total: activity.data?.total ?? 0,
                showSizeChanger: false,
                showTotal: (total) => `${total} entr${total === 1 ? 'y' : 'ies'}`,
                onChange: (page) => setFilter((f) => ({ ...f, page })),
              }}
              columns={[
                { title: 'Time', dataIndex: 'at', render: (at: string) => formatTime(at), width: 200 },
                {
                  title: 'Who',
                  dataIndex: 'who',
                  render: (who: string, entry) => (
                    <Flex gap={6} align="center">
                      <Typography.Text strong>{who}</Typography.Text>
                      {entry.role && entry.role !== 'manager' ? <Tag>{entry.role}</Tag> : null}
                    </Flex>
                  ),
                },
                { title: 'Action', dataIndex: 'action', render: (action: StaffAction) => ACTION_LABELS[action] ?? action },
                {
                  title: 'Object',
                  dataIndex: 'object',
                  render: (object: string | null, entry) => (
                    <Flex vertical>
                      <span>{object ?? '—'}</span>
                      {entry.detail ? <Typography.Text type="secondary">{entry.detail}</Typography.Text> : null}
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
