import { QueryClientProvider } from '@festival/query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@festival/router/memory';
import { DEFAULT_SITE_CONFIG, type FeastCatalog } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { useFeastCartStore } from '../features/feast/stores/feast-cart-store';
import App from './app';

// The release name comes from the build (import.meta): the landing page's own spec stands it in too.
jest.mock('../features/landing/lib/release', () => ({ RELEASE: 'test' }));

type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };
const json = (status: number, body: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => JSON.stringify(body),
});

const CATALOG: FeastCatalog = {
  open: true,
  taxRateBasisPoints: 938,
  packs: [{ id: 'pack-veg', name: 'Vegetarian Feast', description: 'Paneer and dal', price: 3999, vegetarian: true }],
  slots: [{ id: 'slot-1', date: '2026-11-07', time: '11:00', remaining: 20 }],
};

let remaining: number;
let waitlistBodies: unknown[];

beforeEach(() => {
  remaining = 40;
  waitlistBodies = [];
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  useFeastCartStore.setState({ items: [{ id: 'pack-veg', name: 'Vegetarian Feast', price: 3999, quantity: 2 }] });
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (url === '/api/party-ticket-stats') return json(200, { remaining });
    if (url === '/api/party-waitlist') {
      waitlistBodies.push(JSON.parse(String(init?.body)));
      return json(200, { position: 3 });
    }
    if (url === '/api/my-tickets') return json(401, { message: 'Sign in with the link we e-mailed you' });
    if (url === '/api/feast-packs') return json(200, CATALOG);
    if (url === '/api/policies/privacy' || url === '/api/policies/terms') {
      const kind = url.endsWith('privacy') ? 'privacy' : 'terms';
      return json(200, {
        kind,
        title: kind === 'privacy' ? 'Privacy policy' : 'Ticket terms',
        html: '<p>Our text.</p>',
        version: 1,
        savedAt: '2026-09-01T18:00:00.000Z',
      });
    }
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

/** The remote at a path, as the shell draws it: each page's LanguageProvider loads its catalogues. */
async function renderAt(path: string) {
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

describe("each page loads the texts it shows, the web kit's among them", () => {
  it('/hi/my-tickets: My tickets and its footer links in Hindi', async () => {
    await renderAt('/hi/my-tickets');
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरे टिकट' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'मुझे लिंक भेजें' })).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'नीतियाँ' });
    expect(within(links).getByRole('link', { name: 'गोपनीयता नीति' })).toBeTruthy();
  });

  it('/ta/diwali-party: Find my tickets and the footer links in Tamil, the card leading to /ta/my-tickets', async () => {
    await renderAt('/ta/diwali-party');
    expect(await screen.findByRole('heading', { name: 'உங்கள் டிக்கெட்டுகளைத் தேர்ந்தெடுங்கள்' })).toBeTruthy();
    const find = await screen.findByRole('link', { name: 'என் டிக்கெட்டுகளைக் கண்டறியுங்கள்' });
    expect(find.getAttribute('href')).toBe('/ta/my-tickets');
    expect(within(screen.getByRole('navigation', { name: 'கொள்கைகள்' })).getByRole('link', { name: 'டிக்கெட் விதிமுறைகள்' })).toBeTruthy();
  });

  it.each([
    ['/hi/diwali-party', 'नाम', 'ई-मेल', 'वेटलिस्ट में नाम लिखवाएँ', 'रेस्टोरेंट के कार्यक्रमों की ख़बरें मुझे भेजें', { language: 'hi' }],
    ['/diwali-party', 'Name', 'Email', 'Join the waitlist', "Send me news about the restaurant's events", {}],
  ] as const)(
    "%s: the waitlist's request names the page's language (an English page's is as it was)",
    async (path, name, email, join, news, language) => {
      remaining = 0;
      await renderAt(path);
      fireEvent.change(await screen.findByLabelText(name), { target: { value: 'Meera Iyer' } });
      fireEvent.change(screen.getByLabelText(email), { target: { value: 'meera@example.com' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: join })));
      expect(waitlistBodies).toEqual([{ name: 'Meera Iyer', email: 'meera@example.com', tickets: 2, newsConsent: false, ...language }]);
    },
  );

  it('/privacy: the policy in its English frame', async () => {
    await renderAt('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(await screen.findByText('Version 1 · Effective September 1, 2026')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Policies' })).getByRole('link', { name: 'Ticket terms' })).toBeTruthy();
  });

  it("/ta/terms: the policy in its Tamil frame, the staff's text as written", async () => {
    await renderAt('/ta/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'டிக்கெட் விதிமுறைகள்' })).toBeTruthy();
    expect(await screen.findByText('Our text.')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'கொள்கைகள்' }))
        .getByRole('link', { name: 'தனியுரிமைக் கொள்கை' })
        .getAttribute('href'),
    ).toBe('/ta/privacy');
  });

  it('/ta/: the landing page, its cart and its footer links in Tamil, the logo and the cart leading on in Tamil', async () => {
    await renderAt('/ta/');
    expect(await screen.findByRole('heading', { level: 1, name: 'தீபாவளி குடும்ப ஃபீஸ்ட் பேக்குகள்' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'கொள்கைகள்' })).getByRole('link', { name: 'டிக்கெட் விதிமுறைகள்' })).toBeTruthy();
    const logo = screen.getAllByRole('link', { name: new RegExp(DEFAULT_SITE_CONFIG.restaurant.name) })[0];
    expect(logo.getAttribute('href')).toBe('/ta/');
    const cart = await screen.findByRole('button', { name: 'கூடை, 2 பொருட்கள்' });
    await act(async () => fireEvent.click(cart));
    expect((await screen.findByRole('link', { name: 'செக்அவுட்' })).getAttribute('href')).toBe('/ta/feast-packs/checkout');
    expect(await screen.findByRole('button', { name: 'Vegetarian Feast இன்னும் ஒன்று' })).toBeTruthy();
  });

  it('/hi/feast-packs/checkout: the checkout, its frame and the news box in Hindi', async () => {
    await renderAt('/hi/feast-packs/checkout');
    expect(await screen.findByRole('heading', { name: 'चेकआउट' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'रेस्टोरेंट के कार्यक्रमों की ख़बरें मुझे भेजें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'भुगतान पर जाएँ' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'नीतियाँ' })).getByRole('link', { name: 'गोपनीयता नीति' })).toBeTruthy();
  });

  it('/feast-packs/checkout: English, the news box among it', async () => {
    await renderAt('/feast-packs/checkout');
    expect(await screen.findByRole('checkbox', { name: "Send me news about the restaurant's events" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeTruthy();
  });
});
