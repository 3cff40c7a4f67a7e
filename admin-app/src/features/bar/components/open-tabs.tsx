import { Alert, Button, Empty, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatCents, type StaffDrinkTab } from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { useApproveDrinkTab } from '../api/approve-drink-tab';
import { useCloseDrinkTab } from '../api/close-drink-tab';
import { useSettleDrinkTab } from '../api/settle-drink-tab';
import { useToast } from '#shared/toast/use-toast.ts';

interface Problem {
  tab: StaffDrinkTab;
  message: string;
}

function StatusTag({ tab }: { tab: StaffDrinkTab }) {
  return (
    <>
      <StateTag tab={tab} />
      {tab.fromTicket && <Tag color="blue">From ticket</Tag>}
    </>
  );
}

function StateTag({ tab }: { tab: StaffDrinkTab }) {
  if (tab.status === 'closed') return <Tag>Closed{tab.closedBy === 'auto' ? ' at end of party' : ''}</Tag>;
  if (tab.status === 'settled') return <Tag>Paid at bar</Tag>;
  if (tab.lastChargeError) return <Tag color="red">Declined</Tag>;
  if (tab.status === 'closing') return <Tag color="processing">Charging…</Tag>;
  return <Tag color="green">Open</Tag>;
}

/** Open tabs with their totals, Close & Charge, and what to do when a card is declined. */
export function OpenTabs({ tabs, loading }: { tabs: StaffDrinkTab[]; loading: boolean }) {
  const toast = useToast();
  const close = useCloseDrinkTab();
  const settle = useSettleDrinkTab();
  const approve = useApproveDrinkTab();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function closeAndCharge(tab: StaffDrinkTab) {
    setProblem(null);
    try {
      const closed = await close.mutateAsync(tab.id);
      toast.success(
        closed.chargedCents
          ? `Tab ${closed.reference} closed: ${formatCents(closed.chargedCents)} charged to ${closed.customerName}'s card`
          : `Tab ${closed.reference} closed: nothing to charge`,
      );
    } catch (error) {
      setProblem({ tab, message: (error instanceof ApiError && error.serverMessage) || 'The tab could not be closed. Try again.' });
    }
  }

  async function markPaid(tab: StaffDrinkTab) {
    setProblem(null);
    try {
      const settled = await settle.mutateAsync(tab.id);
      toast.success(`Tab ${settled.reference} marked as paid at the bar`);
    } catch (error) {
      setProblem({ tab, message: (error instanceof ApiError && error.serverMessage) || 'The tab could not be updated. Try again.' });
    }
  }

  async function approveMore(tab: StaffDrinkTab) {
    setProblem(null);
    try {
      const approved = await approve.mutateAsync(tab.id);
      toast.success(`Tab ${approved.reference} may now run up ${formatCents(approved.limitCents)}`);
    } catch (error) {
      setProblem({ tab, message: (error instanceof ApiError && error.serverMessage) || 'The tab could not be updated. Try again.' });
    }
  }

  const columns: TableColumnsType<StaffDrinkTab> = [
    {
      title: 'Tab',
      key: 'reference',
      width: 120,
      render: (_, t) => <Typography.Text strong>{t.reference}</Typography.Text>,
    },
    {
      title: 'Guest',
      key: 'guest',
      render: (_, t) => (
        <>
          {t.customerName}
          {t.customerPhone ? (
            <>
              <br />
              <Typography.Text type="secondary">{t.customerPhone}</Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    { title: 'Table', key: 'table', width: 80, render: (_, t) => t.tableNumber ?? '—' },
    { title: 'Orders', dataIndex: 'orderCount', key: 'orders', width: 80 },
    {
      title: 'Total',
      key: 'total',
      width: 130,
      render: (_, t) => (
        <>
          <Typography.Text strong>{formatCents(t.status === 'closed' ? (t.chargedCents ?? t.totalCents) : t.totalCents)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">incl. {formatCents(t.taxCents)} tax</Typography.Text>
          {t.status === 'open' ? (
            <>
              <br />
              <Typography.Text type={t.totalCents >= t.limitCents * 0.8 ? 'warning' : 'secondary'}>
                limit {formatCents(t.limitCents)}
              </Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, t) => (
        <>
          <StatusTag tab={t} />
          {t.lastChargeError && (t.status === 'open' || t.status === 'closing') ? (
            <Typography.Text type="danger" style={{ display: 'block' }}>
              {t.lastChargeError}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 360,
      render: (_, t) =>
        t.status === 'open' || t.status === 'closing' ? (
          <Space wrap>
            <Popconfirm
              title={`Close tab ${t.reference}?`}
              description={`Charge ${formatCents(t.totalCents)} to ${t.customerName}'s saved card.`}
              okText="Charge"
              cancelText="Cancel"
              onConfirm={() => closeAndCharge(t)}
            >
              <Button type="primary" loading={close.isPending && close.variables === t.id} aria-label={`Close & Charge tab ${t.reference}`}>
                Close &amp; Charge
              </Button>
            </Popconfirm>
            {t.status === 'open' ? (
              <Popconfirm
                title={`Let tab ${t.reference} run up more?`}
                description={`Raise its ${formatCents(t.limitCents)} limit once ${t.customerName} has shown they can pay.`}
                okText="Approve"
                cancelText="Cancel"
                onConfirm={() => approveMore(t)}
              >
                <Button aria-label={`Approve more on tab ${t.reference}`}>Approve more</Button>
              </Popconfirm>
            ) : null}
            {t.lastChargeError && t.status === 'open' ? (
              <Popconfirm
                title={`Mark tab ${t.reference} as paid?`}
                description={`Only when ${t.customerName} paid ${formatCents(t.totalCents)} another way. The card is not charged.`}
                okText="Mark Paid"
                cancelText="Cancel"
                onConfirm={() => markPaid(t)}
              >
                <Button aria-label={`Mark tab ${t.reference} paid at the bar`}>Mark Paid at Bar</Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">
            {t.closedAt ? new Date(t.closedAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) : ''}
          </Typography.Text>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {problem ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setProblem(null), 'aria-label': 'Dismiss' }}
          title={`Tab ${problem.tab.reference} (${problem.tab.customerName}${problem.tab.tableNumber ? `, table ${problem.tab.tableNumber}` : ''}): ${problem.message}`}
          description="It keeps its orders. Ask the guest for another card (they can open a new tab from their phone), or take the payment at the bar and press Mark Paid at Bar."
        />
      ) : null}
      <Table<StaffDrinkTab>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tabs}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty description="No open tabs" /> }}
        scroll={{ x: 860 }}
      />
    </Space>
  );
}
