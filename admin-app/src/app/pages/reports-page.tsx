import { useState } from 'react';
import { DrinkDetailsDrawer, type DrinkDetailsTarget } from '../../features/drink-orders/components/drink-details-drawer';
import { ReportsView } from '../../features/reports/components/reports-view';
import { useSeasons } from '../../features/seasons/api/seasons';
import { EventFilterBar } from '#shared/components/event-filter-bar.tsx';

/** /admin/reports (manager only): the money of the dashboard's event and dates (docs/reports.md), a tab's details in the drinks drawer. */
export function ReportsPage() {
  const [tab, setTab] = useState<DrinkDetailsTarget | null>(null);
  const events = useSeasons();
  return (
    <ReportsView
      filterBar={<EventFilterBar events={events.data?.events} current={events.data?.current} />}
      onOpenTab={(id) => setTab({ kind: 'tab', id })}
      tabDetails={<DrinkDetailsDrawer target={tab} onOpen={setTab} onClose={() => setTab(null)} />}
    />
  );
}
