import { Flex } from 'antd';
import { formatCents, type ReportTotals } from '@festival/contracts';
import { formatCount } from '#shared/lib/format.ts';
import { Figure } from './figure';

/** The period's headline figures: revenue by kind, refunds, disputes, tax, tickets and comps. */
export function Totals({ totals }: { totals: ReportTotals }) {
  return (
    <Flex gap={12} wrap>
      <Figure label="Net revenue" value={formatCents(totals.netCents)} strong />
      <Figure label="Ticket revenue" value={formatCents(totals.ticketRevenueCents)} />
      <Figure label="Drinks revenue" value={formatCents(totals.drinksRevenueCents)} />
      <Figure
        label="Tips"
        value={`${formatCents(totals.tipsCents)} (pay now ${formatCents(totals.tipsPayNowCents)}, tabs ${formatCents(totals.tipsTabCents)})`}
      />
      <Figure label="Feast pack revenue" value={formatCents(totals.feastRevenueCents)} />
      <Figure label="Refunds" value={formatCents(totals.refundsCents)} />
      <Figure label="Disputed (held)" value={formatCents(totals.disputedCents)} />
      <Figure label="Lost to disputes" value={formatCents(totals.disputesLostCents)} />
      <Figure label="Tax collected" value={formatCents(totals.taxCents)} />
      <Figure label="Tickets sold" value={formatCount(totals.ticketsSold)} />
      <Figure label="Comps" value={`${formatCount(totals.compOrders)} (${formatCount(totals.compTickets)} tickets)`} />
    </Flex>
  );
}
