import { Flex, Layout, Skeleton } from 'antd';
import { StartNextSeasonSection } from '../../features/seasons/components/start-next-season-section';
import { useSettings } from '../../features/settings/api/settings';
import { DrinksMenuSection } from '../../features/settings/components/drinks-menu-section';
import { EventSection } from '../../features/settings/components/event-section';
import { FeastPacksSection } from '../../features/settings/components/feast-packs-section';
import { GuestDataSection } from '../../features/settings/components/guest-data-section';
import { MealsSection } from '../../features/settings/components/meals-section';
import { PoliciesSection } from '../../features/settings/components/policies-section';
import { PromoCodesSection } from '../../features/settings/components/promo-codes-section';
import { RestaurantSection } from '../../features/settings/components/restaurant-section';
import { TicketsSection } from '../../features/settings/components/tickets-section';
import { TicketTypesSection } from '../../features/settings/components/ticket-types-section';
import { AdminPageHeader } from '#shared/components/admin-page-header.tsx';
import { SectionError } from '#shared/components/section-error.tsx';

const WIDTH = 1000;

/** /admin/settings (manager only): what the guest pages show and sell, one section and `Save` each. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Settings"
        subtitle="The event, its tickets and ticket types, promo codes, feast packs, the drinks menu, the restaurant, the policies and the next season. The guest pages follow within a minute."
        maxWidth={WIDTH}
        backToDashboard
      />
      <Layout.Content style={{ maxWidth: WIDTH, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Flex vertical gap={24}>
          {settings.error ? (
            <SectionError what="settings" error={settings.error} onRetry={() => void settings.refetch()} />
          ) : settings.data ? (
            <>
              <EventSection event={settings.data.event} />
              <TicketsSection settings={settings.data} />
              <TicketTypesSection />
              <MealsSection timeZone={settings.data.timeZone} />
              <PromoCodesSection />
              <FeastPacksSection />
              <DrinksMenuSection />
              <RestaurantSection restaurant={settings.data.restaurant} />
              <PoliciesSection timeZone={settings.data.timeZone} />
              <GuestDataSection />
              <StartNextSeasonSection currentTitle={settings.data.event.name} />
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
