import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from '@festival/router';
import { DEFAULT_SITE_CONFIG, MY_TICKETS_LINK_ANSWER, MY_TICKETS_LINK_USED, type GuestMeal, type MyTickets } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { MyTicketsPage } from './my-tickets-page';

interface Call {
  url: string;
  method: string;
  body?: Record<string, unknown>;
}
type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };

const json = (status: number, body?: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41"><path d="M1 1h7"/><script>alert(1)</script></svg>';
const ORDER_ID = '3f2b9c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b';
const GUESTS: GuestMeal[] = [
  { seat: 1, name: 'Meera', meal: 'Vegetarian', allergens: [], note: null, late: false },
  { seat: 2, name: null, meal: 'Jain', allergens: ['Peanuts'], note: 'No onion', late: false },
];

function myTickets(overrides: Partial<MyTickets> = {}): MyTickets {
  return {
    email: 'meera.k@example.com',
    event: {
      name: 'Diwali DJ Night',
      startsAt: '2025-10-25T02:00:00.000Z',
      endsAt: '2025-10-25T06:00:00.000Z',
      venue: 'Milpitas Community Center',
    },
    meals: { options: ['Vegetarian', 'Non-vegetarian', 'Jain'], allergens: ['Peanuts', 'Gluten'], open: true },
    walletPasses: false,
    orders: [
      {
        orderId: ORDER_ID,
        reference: '3F2B9C1E',
        status: 'paid',
        createdAt: '2025-10-01T18:00:00.000Z',
        totalCents: 10935,
        tickets: [{ label: '2 × Adult', seats: 2 }],
        doorCode: 'DOOR-CODE',
        qrSvg: SVG,
        guests: GUESTS,
        keptCard: null,
      },
    ],
    drinks: {
      tabs: [{ tabId: 'tab-1', reference: 'T-7', status: 'closed', totalCents: 2450, openedAt: '2025-10-25T03:00:00.000Z' }],
      orders: [{ orderId: 'drink-1', number: 12, status: 'ready', totalCents: 1100, createdAt: '2025-10-25T03:30:00.000Z' }],
    },
    ...overrides,
  };
}

let calls: Call[];
let session: MyTickets | null;
let answers: Record<string, Answer>;

beforeEach(() => {
  calls = [];
  session = null;
  answers = {};
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ url, method, body });
    const key = `${method} ${url}`;
    if (answers[key]) return answers[key];
    if (url === '/api/site') return json(200, DEFAULT_SITE_CONFIG);
    if (key === 'GET /api/my-tickets')
      return session ? json(200, session) : json(401, { message: 'Sign in with the link we e-mailed you' });
    if (key === 'POST /api/my-tickets/link') return json(202, { message: MY_TICKETS_LINK_ANSWER });
    if (key === 'POST /api/my-tickets/session') {
      if (body?.token !== 'good-token') return json(410, { message: MY_TICKETS_LINK_USED });
      session = myTickets();
      return json(200, session);
    }
    if (key === 'POST /api/my-tickets/sign-out') {
      session = null;
      return json(204);
    }
    if (key === `POST /api/my-tickets/orders/${ORDER_ID}/resend`) return json(202, { message: "We've sent your tickets again" });
    if (key === `PUT /api/my-tickets/orders/${ORDER_ID}/guests/2`) return json(200, [GUESTS[0], { ...GUESTS[1], ...body, late: false }]);
    return json(404, { message: 'Not found' });
  }) as unknown as typeof fetch;
});

/** Where the page's router is: the link must leave the address bar. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/my-tickets') {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <MyTicketsPage />
      <Location />
    </QueryClientProvider>,
    { path },
  );
}

const apiCalls = (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key);

describe('/my-tickets', () => {
  it('without a session asks for the e-mail address and answers the same for any address', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    const email = await screen.findByLabelText('Email');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(apiCalls('POST /api/my-tickets/link')).toHaveLength(0);

    fireEvent.change(email, { target: { value: '  meera.k@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(MY_TICKETS_LINK_ANSWER)).toBeTruthy();
    // The page's language goes with it: the link's e-mail comes in it.
    expect(apiCalls('POST /api/my-tickets/link').map((call) => call.body)).toEqual([{ email: 'meera.k@example.com', language: 'en' }]);
  });

  it('says when too many links were asked for', async () => {
    answers['POST /api/my-tickets/link'] = json(429, { message: 'Too many requests. Please try again in 10 minutes.' });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'meera.k@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again in 10 minutes.');
    expect(screen.queryByText(MY_TICKETS_LINK_ANSWER)).toBeNull();
  });

  it('signs in with the e-mailed link once, drops it from the address, and shows the orders', async () => {
    renderPage('/my-tickets?link=good-token');
    expect(await screen.findByRole('heading', { name: 'Order 3F2B9C1E' })).toBeTruthy();
    expect(apiCalls('POST /api/my-tickets/session').map((call) => call.body)).toEqual([{ token: 'good-token' }]);
    expect(screen.getByTestId('location').textContent).toBe('/my-tickets');
    expect(screen.getByText('2 × Adult')).toBeTruthy();
    expect(screen.getByText('Signed in as meera.k@example.com')).toBeTruthy();
    // The server's QR code is an image of its SVG: never markup in the page.
    const qr = screen.getByRole('img', { name: 'QR code of order 3F2B9C1E' }) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(document.querySelector('svg')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    // The session came with the link: no extra read.
    expect(apiCalls('GET /api/my-tickets')).toHaveLength(0);
  });

  it('refuses a used link with its message and the form', async () => {
    renderPage('/my-tickets?link=used-token');
    expect((await screen.findByRole('alert')).textContent).toBe(MY_TICKETS_LINK_USED);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/my-tickets');
    expect(apiCalls('POST /api/my-tickets/session')).toHaveLength(1);
  });

  it('with a session shows the orders, the PDF link, no wallet without passes, and the drinks', async () => {
    session = myTickets();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order 3F2B9C1E' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/my-tickets/orders/${ORDER_ID}/tickets.pdf`);
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
    const drinks = screen.getByRole('region', { name: 'Drinks' });
    expect(within(drinks).getByText(/Tab T-7/)).toBeTruthy();
    expect(within(drinks).getByText('$24.50')).toBeTruthy();
    expect(within(drinks).getByText(/Order #12/)).toBeTruthy();
    expect(within(drinks).getByText('$11.00')).toBeTruthy();
  });

  it('offers the Apple Wallet pass when the site has a pass certificate', async () => {
    session = myTickets({ walletPasses: true });
    renderPage();
    const wallet = await screen.findByRole('link', { name: 'Add to Apple Wallet' });
    expect(wallet.getAttribute('href')).toBe(`/api/my-tickets/orders/${ORDER_ID}/wallet.pkpass`);
  });

  it("changes a guest's meal while meals are open", async () => {
    session = myTickets();
    renderPage();
    const guest = await screen.findByRole('form', { name: 'Guest 2' });
    expect((within(guest).getByLabelText('Meal') as HTMLSelectElement).value).toBe('Jain');
    fireEvent.change(within(guest).getByLabelText('Meal'), { target: { value: 'Non-vegetarian' } });
    fireEvent.click(within(guest).getByLabelText('Gluten'));
    fireEvent.change(within(guest).getByLabelText('Other dietary needs'), { target: { value: 'No onion, no garlic' } });
    fireEvent.click(within(guest).getByRole('button', { name: 'Save' }));
    expect(await within(guest).findByText("Guest 2's meal is saved.")).toBeTruthy();
    expect(apiCalls(`PUT /api/my-tickets/orders/${ORDER_ID}/guests/2`).map((call) => call.body)).toEqual([
      { meal: 'Non-vegetarian', allergens: ['Peanuts', 'Gluten'], note: 'No onion, no garlic' },
    ]);
  });

  it('says why a meal was not saved once meals have closed', async () => {
    session = myTickets();
    answers[`PUT /api/my-tickets/orders/${ORDER_ID}/guests/1`] = json(409, { message: 'Meal choices are closed' });
    renderPage();
    const guest = await screen.findByRole('form', { name: 'Guest 1' });
    fireEvent.click(within(guest).getByRole('button', { name: 'Save' }));
    expect((await within(guest).findByRole('alert')).textContent).toBe('Meal choices are closed');
  });

  it('shows the meals without a form once they are closed', async () => {
    session = myTickets({ meals: { options: ['Vegetarian', 'Jain'], allergens: ['Peanuts'], open: false } });
    renderPage();
    expect(await screen.findByText('Meal choices are closed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Jain')).toBeTruthy();
    expect(screen.getByText(/Peanuts; No onion/)).toBeTruthy();
  });

  it('resends the tickets and shows the answer', async () => {
    session = myTickets();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend my tickets' }));
    expect(await screen.findByText("We've sent your tickets again")).toBeTruthy();
    expect(apiCalls(`POST /api/my-tickets/orders/${ORDER_ID}/resend`)).toHaveLength(1);
  });

  it('shows the card kept for drinks; Forget my card says why not while a tab is open, then forgets it', async () => {
    session = myTickets();
    session.orders[0].keptCard = { brand: 'visa', last4: '4242' };
    answers[`POST /api/my-tickets/orders/${ORDER_ID}/forget-card`] = json(409, {
      message: 'Close your drinks tab before forgetting your card',
    });
    renderPage();
    expect(await screen.findByText(/^Your card ending 4242 is kept for drinks at the party\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Forget my card' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Close your drinks tab before forgetting your card');

    answers[`POST /api/my-tickets/orders/${ORDER_ID}/forget-card`] = json(204);
    fireEvent.click(screen.getByRole('button', { name: 'Forget my card' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Forget my card' })).toBeNull());
    expect(screen.queryByText(/card ending 4242/)).toBeNull();
    expect(apiCalls(`POST /api/my-tickets/orders/${ORDER_ID}/forget-card`)).toHaveLength(2);
  });

  it('shows no card to forget when none is kept', async () => {
    session = myTickets();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order 3F2B9C1E' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forget my card' })).toBeNull();
  });

  it('signs out, back to the form', async () => {
    session = myTickets();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order 3F2B9C1E' })).toBeNull();
    expect(apiCalls('POST /api/my-tickets/sign-out')).toHaveLength(1);
  });

  it('says when the tickets could not load, with a way to try again', async () => {
    answers['GET /api/my-tickets'] = json(503, { message: 'The database is not answering' });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Your tickets could not load. Check your connection and try again.');
    session = myTickets();
    delete answers['GET /api/my-tickets'];
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Order 3F2B9C1E' })).toBeTruthy();
  });

  it('shows a refunded order without its code or downloads', async () => {
    const base = myTickets();
    session = myTickets({ orders: [{ ...base.orders[0]!, status: 'refunded' }] });
    renderPage();
    expect(await screen.findByText('This order was refunded: its tickets no longer admit anyone.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });
});
