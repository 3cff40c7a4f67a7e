import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { formatCount } from '#shared/lib/format.ts';
import { palette } from '#shared/theme/admin-theme.ts';

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
        style={{
          background: palette.marigold,
          color: palette.ink,
          fontWeight: 700,
          borderRadius: 999,
          padding: '0 10px',
          minWidth: 32,
          textAlign: 'center',
        }}
      >
        {count === undefined ? '…' : formatCount(count)}
      </span>
    </Flex>
  );
}

interface DashboardHeaderProps {
  feastOrders: number | undefined;
  partyTickets: number | undefined;
  /** Paid ticket orders whose confirmation e-mail failed: shown only when there are any. */
  failedEmails?: number;
  /** Guests on the party's waitlist (waiting or offered), once known. */
  waitlist?: number;
  refreshing: boolean;
  onRefresh(): void;
  /** Session actions (Logout), from the auth feature. */
  actions?: ReactNode;
}

/** The dashboard's header: title, order counts, Refresh and the session's actions (the staff navigation is above it). */
export function DashboardHeader({
  feastOrders,
  partyTickets,
  failedEmails = 0,
  waitlist,
  refreshing,
  onRefresh,
  actions,
}: DashboardHeaderProps) {
  return (
    <AdminPageHeader
      title="Order Management"
      subtitle="Diwali orders, tickets and marketing at a glance."
      maxWidth={1280}
      extra={
        <Flex gap={8} wrap>
          <CountBadge label="Feast Orders" count={feastOrders} />
          <CountBadge label="Party Tickets" count={partyTickets} />
          {failedEmails > 0 ? <CountBadge label="Failed e-mails" count={failedEmails} /> : null}
          {waitlist !== undefined ? <CountBadge label="Waitlist" count={waitlist} /> : null}
        </Flex>
      }
    >
      <Flex gap={8} wrap>
        <Button ghost size="large" onClick={onRefresh} loading={refreshing}>
          Refresh
        </Button>
        {actions}
      </Flex>
    </AdminPageHeader>
  );
}
