import { QueryClientProvider } from '@festival/query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import type { AnalyticsEvent } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { createAnalyticsEvent } from '#shared/testing/factories.ts';
import { AdminThemeProvider } from '#shared/theme/admin-theme-provider.tsx';
import { useEventDialogStore } from '../stores/event-dialog-store';
import { EventDetailDialog } from './event-detail-dialog';

beforeAll(prepareJsdomForAntd);

const answer = (body: unknown) => ({ ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body) });

/** Answers the summary and the event pages of one step; `pages` in order. */
function serve(summary: { totalEvents: number; uniqueUsers: number }, pages: AnalyticsEvent[][]) {
  const fetchMock = jest.fn(async (url: string) => {
    if (url.endsWith('/summary')) return answer({ eventType: 'add_to_cart', ...summary });
    const before = new URL(url, 'http://test').searchParams.get('before');
    return answer(before ? (pages[1] ?? []) : pages[0]);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function openDialog(eventType = 'add_to_cart') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminThemeProvider>
        <MemoryRouter initialEntries={['/admin']}>
          <EventDetailDialog />
        </MemoryRouter>
      </AdminThemeProvider>
    </QueryClientProvider>,
  );
  act(() => useEventDialogStore.getState().show(eventType));
}

afterEach(() => act(() => useEventDialogStore.setState({ eventType: null, open: false })));

describe('the event detail dialog', () => {
  it('titles the step, counts people and events, and groups the events by person', async () => {
    serve({ totalEvents: 3, uniqueUsers: 2 }, [
      [
        createAnalyticsEvent({
          id: '30',
          eventType: 'add_to_cart',
          entityId: 'order-1',
          userName: 'Asha Raman',
          userEmail: 'asha@example.com',
          userPhone: '(408) 555-0101',
          ipAddress: '198.51.100.7',
          device: 'Mobile',
          geoCity: 'San Jose',
          geoRegion: 'CA',
          geoCountry: 'US',
          geoLatitude: 37.33821,
          geoLongitude: -121.88633,
          utmSource: 'facebook',
          utmMedium: 'social',
          utmCampaign: 'diwali2024',
        }),
        createAnalyticsEvent({
          id: '20',
          eventType: 'add_to_cart',
          sessionId: 'abcdef0123456789-rest-of-it',
          createdAt: '2025-10-12T19:00:00.000Z',
        }),
        createAnalyticsEvent({
          id: '10',
          eventType: 'add_to_cart',
          sessionId: 'abcdef0123456789-rest-of-it',
          createdAt: '2025-10-12T18:00:00.000Z',
        }),
      ],
    ]);
    openDialog();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Added to Cart')).toBeTruthy();
    expect(await within(dialog).findByText('Detailed analytics for 2 unique user(s) (3 total events)')).toBeTruthy();

    const buyer = await within(dialog).findByRole('region', { name: 'Identified User' });
    expect(within(buyer).getByText('1 event')).toBeTruthy();
    expect(within(buyer).getByText('Asha Raman · asha@example.com · (408) 555-0101')).toBeTruthy();
    expect(within(buyer).getByText('San Jose, CA, US')).toBeTruthy();
    expect(within(buyer).getByText('37.3382, -121.8863')).toBeTruthy();
    expect(within(buyer).getByText('198.51.100.7')).toBeTruthy();
    expect(within(buyer).getByText('Mobile')).toBeTruthy();
    expect(within(buyer).getByText('facebook')).toBeTruthy();

    const visit = within(dialog).getByRole('region', { name: 'Session: abcdef0123456789' });
    expect(within(visit).getByText('2 events')).toBeTruthy();
    expect(within(visit).getAllByText('Unknown')).toHaveLength(4); // two locations, two devices
    expect(within(visit).getAllByText('N/A')).toHaveLength(2);
    expect(within(visit).getAllByText('Not tracked')).toHaveLength(2);
    expect(within(dialog).getByText('Showing 3 of 3 events')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    // The locations come from GeoLite2: MaxMind's attribution, with its link.
    expect(within(dialog).getByText(/^This product includes GeoLite2 data created by MaxMind, available from/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'https://www.maxmind.com' }).getAttribute('href')).toBe('https://www.maxmind.com');
  });

  it('shows what visitors sent as text, never as markup', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    serve({ totalEvents: 1, uniqueUsers: 1 }, [[createAnalyticsEvent({ referrer: hostile, utmSource: hostile, userName: hostile })]]);
    openDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByText(hostile, { exact: false })).not.toHaveLength(0);
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('loads the next page with the last id as the cursor', async () => {
    const firstPage = Array.from({ length: 100 }, (_, i) =>
      createAnalyticsEvent({ id: String(300 - i), sessionId: `session-${i}-of-the-first-page` }),
    );
    const fetchMock = serve({ totalEvents: 101, uniqueUsers: 101 }, [
      firstPage,
      [createAnalyticsEvent({ id: '7', sessionId: 'the-last-session-of-all' })],
    ]);
    openDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Showing 100 of 101 events')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('Showing 101 of 101 events')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Session: the-last-session' })).toBeTruthy();
    const pageCalls = fetchMock.mock.calls.map(([url]) => url).filter((url) => !url.endsWith('/summary'));
    expect(pageCalls).toEqual(['/api/analytics/events/add_to_cart?limit=100', '/api/analytics/events/add_to_cart?limit=100&before=201']);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says so when a step has no events', async () => {
    serve({ totalEvents: 0, uniqueUsers: 0 }, [[]]);
    openDialog('party_checkout_started');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Started Checkout')).toBeTruthy();
    expect(await within(dialog).findByText('No events found for this funnel step')).toBeTruthy();
    expect(within(dialog).getByText('Detailed analytics for 0 unique user(s) (0 total events)')).toBeTruthy();
  });
});
