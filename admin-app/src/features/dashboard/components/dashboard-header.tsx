import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from '@festival/router';
import { palette } from '../../../shared/theme/admin-theme';
import { formatCount } from '../lib/format';
import { Diya } from '../../../shared/components/diya';

/** A count on the header: its label, and the number in a marigold pill (… while loading). */
function CountBadge({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Flex
      align="center"
      gap={8}
      role="status"
      aria-label={count === undefined ? `${label}: loading` : `${label}: ${count}`}
      style={{ color: palette.cream, border: '1px solid rgba(255, 248, 236, 0.35)', borderRadius: 999, padding: '4px 6px 4px 12px' }}
    >
      <span aria-hidden="true">{label}</span>
      <span
        aria-hidden="true"
        style={{ background: palette.marigold, color: palette.ink, fontWeight: 700, borderRadius: 999, padding: '0 10px', minWidth: 32, textAlign: 'center' }}
      >
        {count === undefined ? '…' : formatCount(count)}
      </span>
    </Flex>
  );
}

interface DashboardHeaderProps {
  feastOrders: number | undefined;
  partyTickets: number | undefined;
  refreshing: boolean;
  onRefresh(): void;
  /** Session actions (Logout), from the auth feature. */
  actions?: ReactNode;
}

/** The dashboard's header: title, order counts, and the ways to the other staff pages. */
export function DashboardHeader({ feastOrders, partyTickets, refreshing, onRefresh, actions }: DashboardHeaderProps) {
  const navigate = useNavigate();
  return (
    <header style={{ background: palette.aubergine, borderBottom: `4px solid ${palette.marigold}` }}>
      <Flex vertical gap={14} style={{ maxWidth: 1280, margin: '0 auto', padding: '16px 16px 18px' }}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex align="center" gap={10}>
            <Diya size={30} />
            <div>
              <Typography.Title level={1} style={{ margin: 0, fontSize: 26, color: palette.cream }}>
                Order Management
              </Typography.Title>
              <Typography.Text style={{ color: palette.sand }}>Diwali orders, tickets and marketing at a glance.</Typography.Text>
            </div>
          </Flex>
          <Flex gap={8} wrap>
            <CountBadge label="Feast Orders" count={feastOrders} />
            <CountBadge label="Party Tickets" count={partyTickets} />
          </Flex>
        </Flex>
        <nav aria-label="Staff pages">
          <Flex gap={8} wrap>
            <Button ghost size="large" onClick={() => navigate('/admin/drinks-qr')}>
              Drinks QR Code
            </Button>
            <Button ghost size="large" onClick={() => navigate('/admin/campaigns')}>
              Email Campaigns
            </Button>
            <Button ghost size="large" onClick={() => navigate('/admin/bar')}>
              Bar
            </Button>
            <Button ghost size="large" onClick={onRefresh} loading={refreshing}>
              Refresh
            </Button>
            {actions}
          </Flex>
        </nav>
      </Flex>
    </header>
  );
}
