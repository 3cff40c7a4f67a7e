import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_SITE_CONFIG, type MyTickets } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { FindMyTickets } from './find-my-tickets';
import { MyTicketsPage } from './my-tickets-page';

type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };
const json = (status: number, body?: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

const ORDER_ID = '3f2b9c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
const TICKETS: MyTickets = {
  email: 'meera.k@example.com',
  event: {
    name: 'Diwali DJ Night',
    startsAt: '2025-10-25T02:00:00.000Z',
    endsAt: '2025-10-25T06:00:00.000Z',
    venue: 'Milpitas Community Center',
  },
  meals: { options: ['Vegetarian', 'Jain'], allergens: ['Peanuts'], open: false },
  walletPasses: true,
  orders: [
    {
      orderId: ORDER_ID,
      reference: '3F2B9C1E',
      status: 'paid',
      createdAt: '2025-10-01T18:00:00.000Z',
      totalCents: 10935,
      tickets: [{ label: '2 × Adult', seats: 2 }],
      doorCode: 'DOOR-CODE',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      guests: [
        { seat: 1, name: 'Meera', meal: 'Vegetarian', allergens: [], note: null, late: false },
        { seat: 2, name: null, meal: 'Jain', allergens: ['Peanuts'], note: null, late: false },
      ],
      keptCard: { brand: 'visa', last4: '4242' },
    },
  ],
  drinks: {
    tabs: [{ tabId: 'tab-1', reference: 'T-7', status: 'closed', totalCents: 2450, openedAt: '2025-10-25T03:00:00.000Z' }],
    orders: [{ orderId: 'drink-1', number: 12, status: 'paid', totalCents: 1100, createdAt: '2025-10-25T03:30:00.000Z' }],
  },
};

let bodies: Record<string, unknown>[];
let session: MyTickets | null;

beforeEach(() => {
  bodies = [];
  session = null;
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (method === 'GET' && url === '/api/my-tickets') return session ? json(200, session) : json(401, { message: 'Sign in' });
    if (url === '/api/my-tickets/link') {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return json(202, { message: "If we have tickets for that address, we've e-mailed you a link" });
    }
    if (url === '/api/my-tickets/session')
      return json(410, { message: 'This link has expired or was already used. Ask for a new one below.' });
    return json(404, { message: 'Not found' });
  }) as unknown as typeof fetch;
});

function renderPage(language: 'en' | 'hi' | 'ta', path = '/my-tickets') {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <MyTicketsPage />
    </QueryClientProvider>,
    { language, path },
  );
}

const dateIn = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: DEFAULT_SITE_CONFIG.party.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

describe('My tickets in Hindi', () => {
  it('asks for a sign-in link in Hindi, and sends the page language with the request', async () => {
    renderPage('hi');
    expect(screen.getByRole('heading', { level: 1, name: 'मेरे टिकट' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'साइन-इन लिंक पाएँ' })).toBeTruthy();
    expect(screen.getByText('वही ई-मेल पता डालें जिससे आपने टिकट ख़रीदे थे। हम आपको उनका लिंक ई-मेल करेंगे।')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'मुझे लिंक भेजें' }));
    expect(await screen.findByText('ई-मेल पता सही नहीं है')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('ई-मेल'), { target: { value: 'meera.k@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'मुझे लिंक भेजें' }));
    expect(await screen.findByText('अगर इस पते पर हमारे पास टिकट हैं, तो हमने आपको एक लिंक ई-मेल कर दिया है')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'meera.k@example.com', language: 'hi' }]);
    // Its footer's links and its language switch.
    const policies = screen.getByRole('navigation', { name: 'नीतियाँ' });
    expect(within(policies).getByRole('link', { name: 'गोपनीयता नीति' }).getAttribute('href')).toBe('/hi/privacy');
    expect(within(policies).getByRole('link', { name: 'टिकट की शर्तें' }).getAttribute('href')).toBe('/hi/terms');
    const languages = screen.getByRole('navigation', { name: 'भाषा' });
    expect(within(languages).getByRole('link', { name: 'English' }).getAttribute('href')).toMatch(/^\/my-tickets\?lang=en$/);
    expect(within(languages).getByRole('link', { name: 'தமிழ்' }).getAttribute('href')).toMatch(/^\/ta\/my-tickets\?lang=ta$/);
    expect(within(languages).getByRole('link', { name: 'हिन्दी' }).getAttribute('aria-current')).toBe('page');
  });

  it('says in Hindi that a used link has expired', async () => {
    renderPage('hi', '/my-tickets?link=used-token');
    expect((await screen.findByRole('alert')).textContent).toBe('इस लिंक की समय-सीमा ख़त्म हो गई है या इसका इस्तेमाल हो चुका है। नीचे नया लिंक माँगें।');
  });

  it('shows the orders in Hindi: the dates for hi-IN, the money in US dollars', async () => {
    session = TICKETS;
    renderPage('hi');
    expect(await screen.findByRole('heading', { name: 'ऑर्डर 3F2B9C1E' })).toBeTruthy();
    expect(screen.getByText(dateIn('hi-IN', TICKETS.event.startsAt))).toBeTruthy();
    expect(screen.getByText('meera.k@example.com से साइन इन है')).toBeTruthy();
    expect(screen.getByText('कुल भुगतान:', { exact: false }).textContent).toBe('कुल भुगतान: $109.35');
    expect(screen.getByRole('img', { name: 'ऑर्डर 3F2B9C1E का QR कोड' })).toBeTruthy();
    expect(screen.getByText('खाना चुनने का समय ख़त्म हो गया है।')).toBeTruthy();
    expect(screen.getByText('मेहमान 1, Meera:', { exact: false }).textContent).toBe('मेहमान 1, Meera: Vegetarian');
    expect(
      screen.getByText(
        '4242 पर ख़त्म होने वाला आपका कार्ड पार्टी में ड्रिंक्स के लिए सेव है। इससे सिर्फ़ आपके टैब की ड्रिंक्स का पैसा लिया जाएगा, और पार्टी के बाद इसे हटा दिया जाएगा।',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'मेरा कार्ड हटा दें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'PDF डाउनलोड करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apple Wallet में जोड़ें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'मेरे टिकट फिर से भेजें' })).toBeTruthy();
    const drinks = screen.getByRole('region', { name: 'ड्रिंक्स' });
    expect(within(drinks).getByText(`टैब T-7 · ${dateIn('hi-IN', '2025-10-25T03:00:00.000Z')} को खोला गया · बंद`)).toBeTruthy();
    expect(within(drinks).getByText(`ऑर्डर #12 · ${dateIn('hi-IN', '2025-10-25T03:30:00.000Z')} · भुगतान हो गया`)).toBeTruthy();
    expect(within(drinks).getByText('$24.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'साइन आउट करें' })).toBeTruthy();
  });
});

describe('My tickets in Tamil', () => {
  it('asks for a sign-in link in Tamil, and sends the page language with the request', async () => {
    renderPage('ta');
    expect(screen.getByRole('heading', { level: 1, name: 'என் டிக்கெட்டுகள்' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('மின்னஞ்சல்'), { target: { value: 'meera.k@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'எனக்கு இணைப்பை அனுப்புங்கள்' }));
    expect(await screen.findByText('இந்த முகவரிக்கு எங்களிடம் டிக்கெட்டுகள் இருந்தால், உங்களுக்கு ஒரு இணைப்பை மின்னஞ்சலில் அனுப்பியுள்ளோம்')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'meera.k@example.com', language: 'ta' }]);
    expect(within(screen.getByRole('navigation', { name: 'கொள்கைகள்' })).getByRole('link', { name: 'தனியுரிமைக் கொள்கை' })).toBeTruthy();
  });

  it('shows the orders in Tamil: the dates for ta-IN, the money in US dollars', async () => {
    session = TICKETS;
    renderPage('ta');
    expect(await screen.findByRole('heading', { name: 'ஆர்டர் 3F2B9C1E' })).toBeTruthy();
    expect(screen.getByText(dateIn('ta-IN', TICKETS.event.startsAt))).toBeTruthy();
    expect(screen.getByText('செலுத்திய மொத்தம்:', { exact: false }).textContent).toBe('செலுத்திய மொத்தம்: $109.35');
    expect(screen.getByText('இந்தக் குறியீட்டை நுழைவாயிலில் காட்டுங்கள்:')).toBeTruthy();
    expect(screen.getByText('விருந்தினர் 2:', { exact: false }).textContent).toBe('விருந்தினர் 2: Jain (Peanuts)');
    expect(screen.getByRole('button', { name: 'என் கார்டை நீக்குங்கள்' })).toBeTruthy();
    const drinks = screen.getByRole('region', { name: 'பானங்கள்' });
    expect(within(drinks).getByText(`டேப் T-7 · ${dateIn('ta-IN', '2025-10-25T03:00:00.000Z')} அன்று திறக்கப்பட்டது · மூடப்பட்டது`)).toBeTruthy();
    expect(within(drinks).getByText('$11.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'வெளியேறு' })).toBeTruthy();
  });
});

describe("the party page's Find my tickets", () => {
  it.each([
    ['en', 'Already have tickets?', 'Find my tickets', '/my-tickets'],
    ['hi', 'क्या आपके पास पहले से टिकट हैं?', 'मेरे टिकट ढूँढें', '/hi/my-tickets'],
    ['ta', 'ஏற்கெனவே டிக்கெட்டுகள் வாங்கிவிட்டீர்களா?', 'என் டிக்கெட்டுகளைக் கண்டறியுங்கள்', '/ta/my-tickets'],
  ] as const)('in %s leads to My tickets in the same language', (language, heading, link, href) => {
    renderInLanguage(<FindMyTickets />, { language, path: '/diwali-party' });
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(href);
  });
});
