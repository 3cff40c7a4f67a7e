import { Button, Card, ConfigProvider, Flex, Layout, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import type { StaffDevice, StaffDeviceStatus } from '@festival/contracts';
import { errorMessage } from '#shared/api/error-message.ts';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { palette } from '#shared/theme/admin-theme.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useDevices } from '../api/get-devices';
import { useRevokeDevice } from '../api/revoke-device';
import { useUnlockSignIns } from '../api/unlock-sign-ins';
import { AddDeviceDialog } from './add-device-dialog';

const MARIGOLD_BUTTON = { token: { colorPrimary: palette.marigold, colorTextLightSolid: palette.ink } };

const STATUS: Record<StaffDeviceStatus, { label: string; color: string }> = {
  waiting: { label: 'Pass not used yet', color: 'gold' },
  active: { label: 'Signed in', color: 'green' },
  expired: { label: 'Pass expired', color: 'default' },
  revoked: { label: 'Revoked', color: 'red' },
};

/** What `Unlock sign-ins` did, from the count of networks it answers. */
const unlockedDetail = (cleared: number): string =>
  cleared === 0
    ? 'No network had refused passes: nothing was locked.'
    : `Refused passes forgotten for ${cleared} ${cleared === 1 ? 'network' : 'networks'}: door and bar phones there can sign in again.`;

const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : 'Never';

/** /admin/devices (manager only): door and bar phones, their passes, Revoke, and Unlock sign-ins. */
export function DevicesPage() {
  const devices = useDevices();
  const revoke = useRevokeDevice();
  const unlock = useUnlockSignIns();
  const toast = useToast();
  const [adding, setAdding] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Devices"
        subtitle="Door and bar phones, each signed in with a one-use pass for one job."
        maxWidth={1200}
        backToDashboard
        extra={
          <Flex gap={8} wrap>
            <Popconfirm
              title="Unlock sign-ins?"
              description="Phones on a network that sent too many passes that were not valid may sign in again at once."
              okText="Unlock"
              cancelText="Cancel"
              onConfirm={() =>
                unlock.mutateAsync().then(
                  ({ cleared }) => toast.success('Sign-ins unlocked', unlockedDetail(cleared)),
                  (error: unknown) => toast.error('Sign-ins not unlocked', errorMessage(error, 'Try again in a moment.')),
                )
              }
            >
              {/* The confirmation's `Unlock` shows the call on its way (it waits on the promise). */}
              <Button ghost size="large">
                Unlock sign-ins
              </Button>
            </Popconfirm>
            <ConfigProvider theme={MARIGOLD_BUTTON}>
              <Button type="primary" size="large" onClick={() => setAdding(true)}>
                Add device
              </Button>
            </ConfigProvider>
          </Flex>
        }
      />
      <Layout.Content style={{ maxWidth: 1200, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Card title="All devices">
          {devices.error ? (
            <SectionError what="devices" error={devices.error} onRetry={() => void devices.refetch()} />
          ) : (
            <Table<StaffDevice>
              rowKey="id"
              loading={devices.isPending}
              dataSource={devices.data ?? []}
              pagination={false}
              locale={{ emptyText: 'No devices yet. Add one for the door or the bar.' }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: 'Name', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
                { title: 'Role', dataIndex: 'role', render: (role: string) => <Tag>{role}</Tag> },
                {
                  title: 'Status',
                  dataIndex: 'status',
                  render: (status: StaffDeviceStatus) => <Tag color={STATUS[status].color}>{STATUS[status].label}</Tag>,
                },
                { title: 'Created', dataIndex: 'createdAt', render: formatTime },
                { title: 'Last seen', dataIndex: 'lastSeenAt', render: formatTime },
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_: unknown, device) =>
                    device.status === 'revoked' ? null : (
                      <Popconfirm
                        title={`Revoke ${device.name}?`}
                        description="It is signed out at once and its pass stops working."
                        okText="Revoke"
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          revoke.mutateAsync(device.id).then(
                            () => toast.success('Device revoked', `${device.name} was signed out.`),
                            (error: unknown) => toast.error('Error', errorMessage(error, 'Failed to revoke the device')),
                          )
                        }
                      >
                        <Button danger aria-label={`Revoke ${device.name}`}>
                          Revoke
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]}
            />
          )}
        </Card>
      </Layout.Content>
      <AddDeviceDialog open={adding} onClose={() => setAdding(false)} />
    </Layout>
  );
}
