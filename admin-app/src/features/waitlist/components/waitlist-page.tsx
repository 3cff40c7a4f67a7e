import { Alert, Button, Card, Layout, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { WAITLIST_STATUS_LABELS, type AdminWaitlistEntry, type WaitlistStatus } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { useOfferNow, useRemoveFromWaitlist, useWaitlist } from '../api/waitlist';

const STATUS_COLORS: Record<WaitlistStatus, string> = { waiting: 'gold', offered: 'blue', bought: 'green', expired: 'default' };
const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const ticketWord = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/**
 * /admin/waitlist (manager only): the sold-out party's waitlist in line order, each entry's
 * status, and `Offer now` (out of turn, when the seats are free) and `Remove`.
 */
export function WaitlistPage() {
  const waitlist = useWaitlist();
  const offer = useOfferNow();
  const remove = useRemoveFromWaitlist();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const entries = waitlist.data ?? [];
  const waiting = entries.filter((e) => e.position !== null);

  async function offerNow(entry: AdminWaitlistEntry) {
    setProblem(null);
    try {
      await offer.mutateAsync(entry.id);
      toast.success(`${ticketWord(entry.tickets)} offered to ${entry.name}`, 'The offer e-mail is on its way.');
    } catch (error) {
      setProblem((error instanceof ApiError && error.serverMessage) || 'The offer could not be made. Try again.');
    }
  }

  async function removeEntry(entry: AdminWaitlistEntry) {
    setProblem(null);
    try {
      await remove.mutateAsync(entry.id);
      toast.success(`${entry.name} removed from the waitlist`);
    } catch (error) {
      setProblem((error instanceof ApiError && error.serverMessage) || 'The entry could not be removed. Try again.');
    }
  }

  const columns: TableColumnsType<AdminWaitlistEntry> = [
    { title: 'Position', dataIndex: 'position', width: 100, render: (position: number | null) => position ?? '—' },
    { title: 'Name', dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: 'E-mail', dataIndex: 'email', render: (email: string) => <a href={`mailto:${email}`}>{email}</a> },
    { title: 'Tickets', dataIndex: 'tickets', width: 90 },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: WaitlistStatus, entry) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[status]}>{WAITLIST_STATUS_LABELS[status]}</Tag>
          {status === 'offered' && entry.offerExpiresAt ? (
            <Typography.Text type="secondary">until {formatTime(entry.offerExpiresAt)}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: 'Joined', dataIndex: 'joinedAt', render: (at: string) => formatTime(at) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, entry) => (
        <Space wrap>
          {entry.status === 'waiting' || entry.status === 'expired' ? (
            <Button
              type="primary"
              aria-label={`Offer now to ${entry.name}`}
              loading={offer.isPending && offer.variables === entry.id}
              onClick={() => void offerNow(entry)}
            >
              Offer now
            </Button>
          ) : null}
          <Popconfirm
            title={`Remove ${entry.name} from the waitlist?`}
            description={entry.status === 'offered' ? 'Their offer ends and its tickets go to the next in line.' : undefined}
            okText="Remove"
            cancelText="Cancel"
            onConfirm={() => removeEntry(entry)}
          >
            <Button danger aria-label={`Remove ${entry.name}`} loading={remove.isPending && remove.variables === entry.id}>
              Remove
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Waitlist"
        subtitle="Guests waiting for tickets of the sold-out party, in line order. Tickets that come back are offered to the first entries that fit, by e-mail."
        maxWidth={1200}
        backToDashboard
      />
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Card title={`${waiting.length} waiting · ${ticketWord(waiting.reduce((sum, e) => sum + e.tickets, 0))}`}>
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
          {waitlist.error ? (
            <SectionError what="waitlist" error={waitlist.error} onRetry={() => void waitlist.refetch()} />
          ) : (
            <Table<AdminWaitlistEntry>
              rowKey="id"
              size="middle"
              loading={waitlist.isFetching}
              dataSource={entries}
              columns={columns}
              pagination={false}
              locale={{ emptyText: 'Nobody is on the waitlist' }}
            />
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
