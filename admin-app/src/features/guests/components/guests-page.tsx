import { Button, Card, Input, Layout, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { GuestSummary } from '@festival/contracts';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { useGuestSearch } from '../api/guests';
import { GuestDetails } from './guest-details';

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '—';

/**
 * /admin/guests (manager only): find a guest by e-mail or phone, see everything held about them,
 * `Export` it as one JSON file and `Erase` them (docs/privacy.md).
 */
export function GuestsPage() {
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const guests = useGuestSearch(q);

  const columns: TableColumnsType<GuestSummary> = [
    { title: 'E-mail', dataIndex: 'email', render: (email: string) => <Typography.Text strong>{email}</Typography.Text> },
    { title: 'Names', dataIndex: 'names', render: (names: string[]) => names.join(', ') || '—' },
    { title: 'Phones', dataIndex: 'phones', render: (phones: string[]) => phones.join(', ') || '—' },
    { title: 'Records', dataIndex: 'records', width: 90 },
    { title: 'Last seen', dataIndex: 'lastSeenAt', render: (at: string | null) => day(at) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, guest) => (
        <Button aria-label={`Open ${guest.email}`} onClick={() => setChosen(guest.email)}>
          Open
        </Button>
      ),
    },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Guests"
        subtitle="Everything held about one guest: find them by e-mail or phone, export their data, or erase them."
        maxWidth={1200}
        backToDashboard
      />
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Card title="Find a guest" style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="E-mail or phone"
            placeholder="E-mail or phone, whole or in part"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setQ(value.trim());
              setChosen(null);
            }}
            style={{ maxWidth: 480, marginBottom: 16 }}
          />
          {q.length > 0 && q.length < 3 ? (
            <Typography.Paragraph type="secondary">Type at least 3 characters of an e-mail or phone.</Typography.Paragraph>
          ) : null}
          {guests.error ? (
            <SectionError what="guests" error={guests.error} onRetry={() => void guests.refetch()} />
          ) : q.length >= 3 ? (
            <Table<GuestSummary>
              rowKey="email"
              size="middle"
              loading={guests.isFetching}
              dataSource={guests.data ?? []}
              columns={columns}
              pagination={false}
              locale={{ emptyText: 'No guest matches' }}
            />
          ) : null}
        </Card>
        {chosen ? <GuestDetails key={chosen} email={chosen} onErased={() => setChosen(null)} /> : null}
      </Layout.Content>
    </Layout>
  );
}
