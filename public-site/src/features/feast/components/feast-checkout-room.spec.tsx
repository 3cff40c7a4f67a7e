import { QueryClientProvider } from '@festival/query';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_SITE_CONFIG, type FeastCatalog } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { feastCatalogQuery } from '../api/feast-catalog';
import { useFeastCartStore } from '../stores/feast-cart-store';
import { renderInLanguage } from '../testing/render-in-language';
import { FeastCheckoutPage } from './feast-checkout-page';

const slot = { id: 'slot-1', date: '2026-11-07', time: '11:00' };
const catalog = (remaining: number): FeastCatalog => ({
  open: true,
  taxRateBasisPoints: 938,
  packs: [{ id: 'pack-veg', name: 'Vegetarian Feast', description: 'Paneer and dal', price: 3999, vegetarian: true }],
  slots: [{ ...slot, remaining }],
});
const answer = (body: unknown) => ({ ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) });

describe('the feast checkout reads the room left at each pickup time when it opens', () => {
  it('a pickup time that filled up since the home page loaded is shown Full and cannot be chosen', async () => {
    useFeastCartStore.setState({ items: [{ id: 'pack-veg', name: 'Vegetarian Feast', price: 3999, quantity: 1 }] });
    const asked: string[] = [];
    globalThis.fetch = jest.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/site') return answer(DEFAULT_SITE_CONFIG);
      if (url === '/api/feast-packs') return answer(catalog(0));
      return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
    }) as unknown as typeof fetch;
    // What the home page read earlier, when the pickup time still had room.
    const client = createQueryClient();
    client.setQueryData(feastCatalogQuery.queryKey, catalog(2));

    renderInLanguage(
      <QueryClientProvider client={client}>
        <FeastCheckoutPage closedCard={<p>Closed</p>} />
      </QueryClientProvider>,
    );

    const radio = screen.getByRole('radio', { name: /at 11:00 AM/ });
    expect(screen.getByText('2 left')).toBeTruthy();
    await waitFor(() => expect((radio as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByText('Full')).toBeTruthy();
    expect(asked.filter((url) => url === '/api/feast-packs')).toHaveLength(1);
  });
});
