import { useQueryClient } from '@festival/query';
import { Col, Flex, Layout, Row } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSiteConfig } from '@festival/web-kit/site';
import { useAttribution } from '../../features/analytics/api/get-attribution';
import { useFunnel } from '../../features/analytics/api/get-funnel';
import { AttributionSection } from '../../features/analytics/components/attribution-section';
import { DropOffSection } from '../../features/analytics/components/drop-off-section';
import { EventDetailDialog } from '../../features/analytics/components/event-detail-dialog';
import { FunnelSection } from '../../features/analytics/components/funnel-section';
import { MarketingLinksSection } from '../../features/analytics/components/marketing-links-section';
import { FEAST_FUNNEL, PARTY_FUNNEL } from '../../features/analytics/lib/funnel';
import { useEventDialogStore } from '../../features/analytics/stores/event-dialog-store';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header';
import { CheckInConflicts } from '../../features/door/components/check-in-conflicts';
import { useDrinkOrders } from '../../features/drink-orders/api/get-drink-orders';
import { DrinkOrdersSection } from '../../features/drink-orders/components/drink-orders-section';
import { useFeastOrders } from '../../features/feast-orders/api/get-feast-orders';
import { OrdersSection } from '../../features/feast-orders/components/orders-section';
import { useAbandonedCarts } from '../../features/party-orders/api/get-abandoned-carts';
import { usePartyTickets } from '../../features/party-orders/api/get-party-tickets';
import { AbandonedCartsSection } from '../../features/party-orders/components/abandoned-carts-section';
import { PartyTicketsSection } from '../../features/party-orders/components/party-tickets-section';
import { partyEventSubtitle } from '../../features/party-orders/lib/party-event';
import { useSeasons } from '../../features/seasons/api/seasons';
import { useWaitlistSummary } from '../../features/waitlist/api/waitlist';
import { EventFilterBar } from '#shared/components/event-filter-bar.tsx';
import { SectionError } from '#shared/components/section-error.tsx';
import { useDashboardFilter } from '#shared/stores/dashboard-filter-store.ts';

interface QueryState {
  data: unknown;
  error: unknown;
  refetch(): unknown;
}

/**
 * A section's error in place of its content, with Retry; nothing when the calls worked. A
 * failed refresh of data already shown keeps the data on screen.
 */
function errorOf(what: string, ...queries: QueryState[]): ReactNode {
  const failed = queries.filter((q) => q.error && q.data === undefined);
  if (failed.length === 0) return null;
  return <SectionError what={what} error={failed[0].error} onRetry={() => failed.forEach((q) => void q.refetch())} />;
}

/** /admin: the staff's order, ticket and marketing dashboard (docs/product.md, sections 1 to 9, and the drinks orders). */
export function DashboardPage({ headerActions }: { headerActions?: ReactNode }) {
  const orders = useFeastOrders();
  const tickets = usePartyTickets();
  const carts = useAbandonedCarts();
  const drinkOrders = useDrinkOrders();
  const funnel = useFunnel();
  const attribution = useAttribution();
  const site = useSiteConfig();
  const events = useSeasons();
  const waitlist = useWaitlistSummary();
  const { eventId } = useDashboardFilter();
  // A past event is read-only; its tickets' subtitle is its own name and date.
  const pastEvent = events.data?.events.find((event) => event.id === eventId && event.status === 'past');
  const queryClient = useQueryClient();
  const openStep = useEventDialogStore((state) => state.show);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    } finally {
      setRefreshing(false);
    }
  }

  const origin = window.location.origin;
  const funnelError = errorOf('funnel', funnel);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <DashboardHeader
        feastOrders={orders.data?.length}
        partyTickets={tickets.data?.length}
        failedEmails={tickets.data?.filter((order) => order.emailStatus === 'failed').length}
        waitlist={waitlist.data?.waiting}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
        actions={headerActions}
      />
      <Layout.Content style={{ maxWidth: 1280, width: '100%', margin: '0 auto', padding: '20px 16px 48px' }}>
        <Flex vertical gap={16}>
          <EventFilterBar events={events.data?.events} current={events.data?.current} />
          <DropOffSection
            funnel={funnel.data}
            feastOrders={orders.data?.length}
            ticketOrders={tickets.data?.length}
            error={errorOf('funnel figures', funnel, orders, tickets)}
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <FunnelSection
                title="Feast Pack Conversion Funnel"
                steps={FEAST_FUNNEL}
                funnel={funnel.data}
                error={funnelError}
                onSelect={openStep}
              />
            </Col>
            <Col xs={24} xl={12}>
              <FunnelSection
                title="Party Ticket Conversion Funnel"
                steps={PARTY_FUNNEL}
                funnel={funnel.data}
                error={funnelError}
                onSelect={openStep}
              />
            </Col>
          </Row>
          <MarketingLinksSection origin={origin} />
          <AttributionSection rows={attribution.data} error={errorOf('attribution', attribution)} />
          <OrdersSection
            orders={orders.data}
            restaurantName={site.data?.restaurant.name}
            error={errorOf('orders', orders)}
            readOnly={pastEvent !== undefined}
          />
          <PartyTicketsSection
            tickets={tickets.data}
            subtitle={
              pastEvent ? `Event: ${pastEvent.name}, ${pastEvent.date}` : site.data ? partyEventSubtitle(site.data.party) : undefined
            }
            restaurantName={site.data?.restaurant.name}
            error={errorOf('party tickets', tickets)}
            readOnly={pastEvent !== undefined}
          />
          {pastEvent ? null : <CheckInConflicts onlyWhenAny />}
          <AbandonedCartsSection carts={carts.data} error={errorOf('abandoned carts', carts)} />
          <DrinkOrdersSection orders={drinkOrders.data} error={errorOf('drinks orders', drinkOrders)} />
        </Flex>
      </Layout.Content>
      <EventDetailDialog />
    </Layout>
  );
}
