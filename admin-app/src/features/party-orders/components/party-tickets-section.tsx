import { Button, Flex, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { PaidPartyTicketRow } from '@festival/contracts';
import { DashboardTableSection } from '#shared/components/dashboard-table-section.tsx';
import { DisputeTag } from '#shared/components/dispute-tag.tsx';
import { contactColumn, CustomerLink, dateColumn, idColumn, moneyColumn, stopRowClick } from '#shared/components/order-columns.tsx';
import { CountTag, SectionTitle } from '#shared/components/section-title.tsx';
import { StaffTooltip } from '#shared/components/staff-tooltip.tsx';
import { downloadCsv } from '#shared/lib/csv.ts';
import { formatCount, plural } from '#shared/lib/format.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { checkInState, guestsOf, partyTicketsCsv, partyTicketsCsvFileName, searchTickets } from '../lib/party-tickets';
import { printDoorList } from '../lib/print-door-list';
import { AddGuestsButton } from './add-guests-button';
import { OrderDetailsDrawer } from './order-details-drawer';
import { PaymentTag } from './payment-tag';
import { ResendTicketsButton } from './resend-tickets-button';
import { TicketCounts } from './ticket-counts';

/** Read by a screen reader, not shown (the dash says it on screen). */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const columns = (openDetails: (id: string) => void): TableColumnsType<PaidPartyTicketRow> => [
  idColumn('Ticket ID'),
  {
    title: 'Customer',
    dataIndex: 'customerName',
    key: 'customer',
    width: 160,
    render: (name: string, t) => <CustomerLink name={name} label={`Order details of ${name}`} onOpen={() => openDetails(t.id)} />,
  },
  contactColumn(),
  {
    title: 'Tickets',
    key: 'tickets',
    width: 170,
    render: (_, t) => (
      <Flex vertical gap={2}>
        <TicketCounts adultTickets={t.adultTickets} childTickets={t.childTickets} />
        {t.validTickets < t.adultTickets + t.childTickets ? (
          <Typography.Text type="warning">{plural(t.adultTickets + t.childTickets - t.validTickets, 'ticket')} refunded</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Checked in',
    key: 'checked-in',
    width: 120,
    sorter: (a, b) => a.admitted / guestsOf(a) - b.admitted / guestsOf(b) || a.admitted - b.admitted,
    render: (_, t) => {
      const state = checkInState(t);
      if (!state) {
        return (
          <Typography.Text type="secondary">
            <span aria-hidden="true">—</span>
            <span style={VISUALLY_HIDDEN}>Nobody in yet</span>
          </Typography.Text>
        );
      }
      return <Typography.Text strong={t.admitted >= guestsOf(t)}>{state}</Typography.Text>;
    },
  },
  moneyColumn('totalAmount', {
    width: 110,
    render: (amount, t) => (
      <Flex gap={4} justify="end" align="center" wrap>
        <PaymentTag paymentMethod={t.paymentMethod} />
        <DisputeTag dispute={t.dispute} />
        {amount}
      </Flex>
    ),
  }),
  dateColumn(),
  {
    title: 'E-mail',
    key: 'resend',
    width: 130,
    render: (_: unknown, order) => (
      <Flex vertical gap={4} align="start" onClick={stopRowClick}>
        {order.emailStatus === 'failed' ? (
          <StaffTooltip title={order.emailError ?? 'The confirmation e-mail could not be delivered'}>
            <Tag color="warning">E-mail failed</Tag>
          </StaffTooltip>
        ) : null}
        <ResendTicketsButton order={order} />
      </Flex>
    ),
  },
];

interface PartyTicketsSectionProps {
  tickets: PaidPartyTicketRow[] | undefined;
  /** `Event: Friday, October 24th, 2025 at Milpitas ICC`, once the site configuration is in. */
  subtitle: string | undefined;
  /** The door list's heading, once the site configuration is in. */
  restaurantName: string | undefined;
  error: ReactNode;
  /** A past event's tickets: shown, never changed (no `Resend`). */
  readOnly?: boolean;
}

/**
 * 8. Diwali Party Tickets: every paid ticket order, with the guests it admits and how many of
 * them the door has let in; search, Export CSV of the shown orders, and Print door list (every
 * order, alphabetical by last name, for a night without network).
 */
export function PartyTicketsSection({ tickets, subtitle, restaurantName, error, readOnly = false }: PartyTicketsSectionProps) {
  const [search, setSearch] = useState('');
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const allColumns = useMemo(() => columns(setOpenOrder), []);
  const shown = useMemo(() => (tickets ? searchTickets(tickets, search) : []), [tickets, search]);
  const searching = search.trim() !== '';
  const toast = useToast();
  const adults = tickets?.reduce((sum, t) => sum + t.adultTickets, 0) ?? 0;
  const children = tickets?.reduce((sum, t) => sum + t.childTickets, 0) ?? 0;

  function exportCsv() {
    if (!tickets || tickets.length === 0) {
      toast.info('No tickets to export', 'No party tickets have been sold yet.');
      return;
    }
    if (shown.length === 0) {
      toast.info('No tickets to export', 'No ticket orders match your search.');
      return;
    }
    downloadCsv(partyTicketsCsv(shown), partyTicketsCsvFileName());
    toast.success('Export successful', `${plural(shown.length, 'ticket order')} exported to CSV`);
  }

  function printList() {
    if (!tickets || tickets.length === 0) {
      toast.info('No door list to print', 'No party tickets have been sold yet.');
      return;
    }
    if (!printDoorList({ tickets, restaurantName: restaurantName ?? 'Diwali Party', eventLine: subtitle })) {
      toast.error('Print blocked', 'Allow pop-ups for this site to print the door list.');
    }
  }

  return (
    <DashboardTableSection<PaidPartyTicketRow>
      title={
        <SectionTitle count={tickets ? <CountTag count={tickets.length} /> : null} subtitle={subtitle ?? '\u00a0'}>
          Diwali Party Tickets
        </SectionTitle>
      }
      extra={
        tickets && tickets.length > 0 ? (
          <Typography.Text type="secondary">
            {formatCount(adults)} adults · {formatCount(children)} children
          </Typography.Text>
        ) : null
      }
      error={error}
      rows={tickets === undefined ? undefined : shown}
      skeletonRows={6}
      columns={readOnly ? allColumns.filter((column) => column.key !== 'resend') : allColumns}
      onRowClick={(row) => setOpenOrder(row.id)}
      tableLabel="Party tickets table"
      minWidth={1170}
      emptyText={searching && tickets && tickets.length > 0 ? 'No tickets match your search' : 'No tickets sold yet'}
    >
      <Flex gap={8} wrap align="center">
        <Input.Search
          aria-label="Search tickets"
          placeholder="Search by name, e-mail, phone or reference"
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 280px', maxWidth: 480 }}
        />
        <Flex gap={8} wrap>
          <Button onClick={exportCsv}>Export CSV</Button>
          <Button onClick={printList}>Print door list</Button>
          {readOnly ? null : <AddGuestsButton onAdded={setOpenOrder} />}
        </Flex>
      </Flex>
      {searching && tickets ? (
        <Typography.Text type="secondary" aria-live="polite">
          Showing {shown.length} of {tickets.length} orders
        </Typography.Text>
      ) : null}
      <OrderDetailsDrawer orderId={openOrder} onClose={() => setOpenOrder(null)} readOnly={readOnly} />
    </DashboardTableSection>
  );
}
