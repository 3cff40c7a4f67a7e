import { QueryClientProvider } from '@festival/query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '@festival/router';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG, injectHead, landingPageSeo } from '@festival/contracts';
import { PAGE_DATA_ID } from '@festival/web-kit/hydration';
import { createQueryClient } from '@festival/web-kit/query-client';
import { useFeastCartStore } from '../features/feast/stores/feast-cart-store';
import { LandingPage } from './landing-page';
import { preload } from './landing-languages';

jest.mock('../features/landing/lib/release', () => ({ RELEASE: 'canary' }));

interface Call {
  url: string;
  body?: Record<string, unknown>;
}

let calls: Call[];
let siteAnswer: () => { ok: boolean; status: number; text: () => Promise<string> };

function renderLanding() {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/diwali-party" element={<h1>Party tickets</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The page loads its catalogue on its own (a chunk per language); loaded once here, so no test
// waits for the catalogue's first compilation.
beforeAll(() => preload('en'));

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  useFeastCartStore.setState({ items: [], open: false });
  siteAnswer = () => ({ ok: true, status: 200, text: async () => JSON.stringify(DEFAULT_SITE_CONFIG) });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/site') return siteAnswer();
    return { ok: true, status: 204, text: async () => '' };
  }) as unknown as typeof fetch;
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => {
  document.head.innerHTML = '';
  document.title = '';
  document.getElementById(PAGE_DATA_ID)?.remove();
});

describe('the landing page', () => {
  it('shows every text of the page, filled from the site configuration', async () => {
    renderLanding();
    expect(await screen.findByText('Pickup:', { exact: false })).toBeTruthy();
    await screen.findByText('October 18-19, 11 AM to 3 PM');

    expect(screen.getByRole('heading', { level: 1, name: 'Diwali Family Feast Packs' })).toBeTruthy();
    expect(screen.getByText('Diwali Special')).toBeTruthy();
    expect(screen.getByText(/Presented by/).textContent).toBe('Presented by Saffron Leaf · South Indian Kitchen since 1995');
    expect(screen.getByRole('button', { name: 'View Feast Packs' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Order Now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cart, empty' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Diwali Feast Pack Orders Are Now Closed' })).toBeTruthy();
    expect(screen.getByText(/Thank you for the overwhelming response!/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Diwali DJ Night' })).toBeTruthy();
    expect(screen.getByText('Friday, October 24, 2025')).toBeTruthy();
    expect(screen.getByText('7:00 PM to 11:00 PM')).toBeTruthy();
    expect(screen.getByText('$49.99')).toBeTruthy();
    expect(screen.getByText('$29.99')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reserve Your Tickets Now' }).getAttribute('href')).toBe('/diwali-party');
    expect(screen.getByRole('heading', { name: 'Looking for Catering?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call (408) 555-0142' }).getAttribute('href')).toBe('tel:+14085550142');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/1480 Lakeview Avenue/)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '(408) 555-0142' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'hello@saffronleaf.example' }).getAttribute('href')).toBe(
      'mailto:hello@saffronleaf.example',
    );
    expect(within(footer).getByText('Monday-Friday')).toBeTruthy();
    expect(within(footer).getByText('11 AM - 10 PM')).toBeTruthy();
    expect(within(footer).getByText('Saturday-Sunday')).toBeTruthy();
    expect(within(footer).getByText('10 AM - 11 PM')).toBeTruthy();
    expect(within(footer).getByText(/© \d{4} Saffron Leaf\. All rights reserved\./)).toBeTruthy();
    expect(within(footer).getByText('Release canary')).toBeTruthy();
  });

  it('tags its sections for the tracker and sends the page view', async () => {
    const { container } = renderLanding();
    await screen.findByText('October 18-19, 11 AM to 3 PM');
    expect([...container.querySelectorAll('[data-section]')].map((el) => el.getAttribute('data-section'))).toEqual([
      'hero',
      'packs',
      'footer',
    ]);
    expect(calls.filter((c) => c.url === '/api/analytics').map((c) => c.body?.eventType)).toEqual(['page_view']);
  });

  it('scrolls to the packs section from Order Now and from View Feast Packs', async () => {
    renderLanding();
    await screen.findByText('October 18-19, 11 AM to 3 PM');
    fireEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'View Feast Packs' }));
    const scrolled = (Element.prototype.scrollIntoView as jest.Mock).mock.contexts as Element[];
    expect(scrolled.map((el) => el.id)).toEqual(['packs', 'packs']);
    expect(document.activeElement?.id).toBe('packs');
  });

  it('sends catering_clicked with the phone number and source before the call link is followed', async () => {
    renderLanding();
    const call = await screen.findByRole('link', { name: 'Call (408) 555-0142' });
    // The last listener to run before the browser follows the link: by then the event is sent.
    let atNavigation: { defaultPrevented: boolean; sent: boolean } | undefined;
    const lastListener = (event: Event) => {
      atNavigation = { defaultPrevented: event.defaultPrevented, sent: calls.some((c) => c.body?.eventType === 'catering_clicked') };
      event.preventDefault(); // jsdom cannot dial
    };
    document.addEventListener('click', lastListener);
    fireEvent.click(call);
    document.removeEventListener('click', lastListener);
    expect(atNavigation).toEqual({ defaultPrevented: false, sent: true });
    expect(calls.find((c) => c.body?.eventType === 'catering_clicked')?.body).toMatchObject({
      metadata: { phone_number: '(408) 555-0142', source: 'catering_card' },
      utmSource: 'direct',
      utmMedium: 'none',
    });
  });

  it('shows the cart badge only when the cart holds something', async () => {
    renderLanding();
    await screen.findByText('October 18-19, 11 AM to 3 PM');
    const cart = screen.getByRole('button', { name: 'Cart, empty' });
    expect(cart.querySelector('.lp-badge')).toBeNull();

    act(() => useFeastCartStore.setState({ items: [{ id: 'veg', name: 'Vegetarian Feast Pack', price: 3999, quantity: 2 }] }));
    const filled = screen.getByRole('button', { name: 'Cart, 2 items' });
    expect(filled.querySelector('.lp-badge')?.textContent).toBe('2');

    fireEvent.click(filled);
    expect(screen.getByRole('region', { name: 'Your cart' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Your cart' })).toBeNull();
  });

  it('goes to the party page from Reserve Your Tickets Now', async () => {
    renderLanding();
    fireEvent.click(await screen.findByRole('link', { name: 'Reserve Your Tickets Now' }));
    expect(await screen.findByRole('heading', { name: 'Party tickets' })).toBeTruthy();
    // Leaving the page reports its behaviour.
    expect(calls.filter((c) => c.url === '/api/analytics').map((c) => c.body?.eventType)).toContain('page_leave');
  });

  it('puts the title, preview tags and JSON-LD in the head, and takes them away on leaving', async () => {
    const { unmount } = renderLanding();
    await screen.findByText('October 18-19, 11 AM to 3 PM');
    await waitFor(() => expect(document.title).toBe('Diwali Family Feast Packs & Diwali DJ Night | Saffron Leaf'));
    const meta = (key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');
    expect(meta('description')).toContain('Friday, October 24, 2025');
    expect(meta('og:title')).toBe(document.title);
    expect(meta('twitter:card')).toBe('summary_large_image');
    const jsonLd = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}'));
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Restaurant', 'Event']);

    unmount();
    expect(document.head.querySelectorAll('meta, script, link')).toHaveLength(0);
  });

  it('keeps the head the server wrote for the page, once, and takes it away on leaving', async () => {
    // The page as served: its head built by the server, its data block with the same configuration.
    const served = new DOMParser().parseFromString(
      injectHead(
        '<html><head><title>Diwali Festival</title></head><body></body></html>',
        landingPageSeo(DEFAULT_SITE_CONFIG, window.location.origin),
      ),
      'text/html',
    );
    document.title = served.title;
    document.head.append(...[...served.head.children].filter((el) => el.tagName !== 'TITLE'));
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_DATA_ID;
    block.textContent = JSON.stringify({
      path: '/',
      site: DEFAULT_SITE_CONFIG,
      remote: 'public-site',
      remoteEntry: '/remotes/public-site/remoteEntry.js',
    });
    document.body.append(block);
    const servedHead = document.head.innerHTML;
    const jsonLd = () => [...document.head.querySelectorAll('script[type="application/ld+json"]')];
    const servedJsonLd = jsonLd();

    const { unmount } = renderLanding();
    await screen.findByText('October 18-19, 11 AM to 3 PM');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.head.innerHTML).toBe(servedHead);
    expect(document.title).toBe('Diwali Family Feast Packs & Diwali DJ Night | Saffron Leaf');
    // The very elements the server wrote: nothing was built again.
    expect(servedJsonLd).toHaveLength(2);
    expect(jsonLd()).toHaveLength(2);
    jsonLd().forEach((el, i) => expect(el).toBe(servedJsonLd[i]));

    unmount();
    expect(document.head.querySelectorAll('meta, script, link')).toHaveLength(0);
    expect(document.title).toBe('Saffron Leaf');
  });

  it('says so and offers to try again when the configuration does not load', async () => {
    siteAnswer = () => ({ ok: false, status: 503, text: async () => '' });
    renderLanding();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Diwali Family Feast Packs' })).toBeTruthy();

    siteAnswer = () => ({ ok: true, status: 200, text: async () => JSON.stringify(DEFAULT_SITE_CONFIG) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('October 18-19, 11 AM to 3 PM')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
