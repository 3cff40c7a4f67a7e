import { Alert, Button, Flex, Layout, Skeleton } from 'antd';
import { errorMessage } from '../../../shared/api/error-message';
import { AdminPageHeader } from '../../../shared/components/admin-page-header';
import { useSettings } from '../api/settings';
import { EventSection } from './event-section';
import { FeastPacksSection } from './feast-packs-section';
import { PromoCodesSection } from './promo-codes-section';
import { RestaurantSection } from './restaurant-section';
import { DrinksMenuSection } from './drinks-menu-section';
import { TicketsSection } from './tickets-section';
import { StartNextEventSection } from '../../seasons/components/start-next-event-section';

const WIDTH = 1000;

/** /admin/settings (manager only): what the guest pages show and sell, one section and `Save` each. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AdminPageHeader
        title="Settings"
        subtitle="The event, its tickets, promo codes, feast packs, the drinks menu, the restaurant and the next season. The guest pages follow within a minute."
        maxWidth={WIDTH}
        backToDashboard
      />
      <Layout.Content style={{ maxWidth: WIDTH, width: '100%', margin: '0 auto', padding: '24px 16px 48px' }}>
        <Flex vertical gap={24}>
          {settings.error ? (
            <Alert
              type="error"
              showIcon
              title="The settings could not be loaded"
              description={errorMessage(settings.error, 'Please check the connection and try again.')}
              action={
                <Button size="small" onClick={() => void settings.refetch()}>
                  Retry
                </Button>
              }
            />
          ) : settings.data ? (
            <>
              <EventSection event={settings.data.event} />
              <TicketsSection settings={settings.data} />
              <PromoCodesSection />
              <FeastPacksSection />
              <DrinksMenuSection />
              <RestaurantSection restaurant={settings.data.restaurant} />
              <StartNextEventSection currentTitle={settings.data.event.name} />
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
