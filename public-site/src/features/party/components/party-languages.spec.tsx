import { QueryClientProvider } from '@festival/query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SITE_CONFIG, ticketAgeLabels, type PartyOrderReceipt, type SiteConfig } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { renderInLanguage } from '../testing/render-in-language';
import { ConfirmationStep } from './confirmation-step';
import { PartyPage } from './party-page';

type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };

const json = (status: number, body: unknown): Answer => ({
  ok: status < 400,
  status,
  statusText: String(status),
  text: async () => JSON.stringify(body),
});

let site: SiteConfig;
let remaining: number;
let intentAnswer: () => Answer;
let confirmAnswer: () => Answer;

beforeEach(() => {
  site = DEFAULT_SITE_CONFIG;
  remaining = 150;
  intentAnswer = () => json(500, {});
  confirmAnswer = () => json(500, {});
  sessionStorage.clear();
  window.scrollTo = jest.fn();
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/api/site') return json(200, site);
    if (url === '/api/party-ticket-stats') return json(200, { remaining });
    if (url === '/api/party-payment-intent') return intentAnswer();
    if (url === '/api/confirm-payment') return confirmAnswer();
    return { ok: true, status: 204, statusText: 'No Content', text: async () => '' };
  }) as unknown as typeof fetch;
});

function renderPage(language: 'hi' | 'ta', path = '/diwali-party') {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <PartyPage />
    </QueryClientProvider>,
    { language, path },
  );
}

/** Back from a payment method that redirects: the page finishes the order from the address. */
const BACK_FROM_REDIRECT = '/diwali-party?payment_intent=pi_late&redirect_status=succeeded&payment_intent_client_secret=pi_late_secret_x';

const RECEIPT: PartyOrderReceipt = {
  orderId: '3f2b9c1e-5a6d-4e7f-8a9b-0c1d2e3f4a5b',
  status: 'paid',
  customerName: 'Meera Krishnan',
  customerEmail: 'meera.k@example.com',
  adultTickets: 2,
  childTickets: 1,
  adultPriceCents: 4999,
  childPriceCents: 2999,
  subtotalCents: 12997,
  groupDiscountPercent: 0,
  groupDiscountCents: 0,
  promoDiscountPercent: 0,
  promoDiscountCents: 0,
  taxCents: 1219,
  totalCents: 14216,
  paidAt: '2025-10-01T18:00:00.000Z',
};

describe('the party page in Hindi', () => {
  it('shows the tickets step in Hindi, its dates in Hindi and its money in US dollars', async () => {
    renderPage('hi');
    expect(await screen.findByRole('heading', { name: 'अपने टिकट चुनें' })).toBeTruthy();
    expect(screen.getByText('Saffron Leaf प्रस्तुत करता है')).toBeTruthy();
    expect(screen.getByText('वयस्क $49.99 (10 साल और उससे ऊपर) · बच्चे $29.99 (5 से 9 साल) · 5 साल से छोटे बच्चे मुफ़्त')).toBeTruthy();
    const date = new Intl.DateTimeFormat('hi-IN', {
      timeZone: 'America/Los_Angeles',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(DEFAULT_SITE_CONFIG.party.startsAt));
    expect(screen.getByText(date)).toBeTruthy();
    expect(screen.getByText(/ से .* तक$/)).toBeTruthy();

    const steps = screen.getByRole('list', { name: 'ख़रीदारी के चरण' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['टिकट', 'संपर्क', 'भुगतान', 'पुष्टि']);
    expect(screen.getByText('10 या ज़्यादा टिकटों पर 3% की छूट, 20 या ज़्यादा टिकटों पर 5% की छूट।')).toBeTruthy();

    await waitFor(() => expect((screen.getByRole('button', { name: 'वयस्क टिकट बढ़ाएँ' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'वयस्क टिकट बढ़ाएँ' }));
    fireEvent.click(screen.getByRole('button', { name: 'बच्चों के टिकट बढ़ाएँ' }));
    expect(screen.getByText('वयस्क टिकट × 1')).toBeTruthy();
    expect(screen.getByText('बच्चों के टिकट × 1')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toMatch(/^\$\d+\.\d{2}$/);
    expect(screen.getByRole('button', { name: 'आगे बढ़ें' })).toBeTruthy();
  });

  it("words the ticket ages the manager set (6 to 12) from the site's numbers", async () => {
    const ages = { childMinAge: 6, childMaxAge: 12 };
    site = { ...DEFAULT_SITE_CONFIG, party: { ...DEFAULT_SITE_CONFIG.party, ...ages, ...ticketAgeLabels(ages) } };
    renderPage('hi');
    expect(await screen.findByText('वयस्क $49.99 (13 साल और उससे ऊपर) · बच्चे $29.99 (6 से 12 साल) · 6 साल से छोटे बच्चे मुफ़्त')).toBeTruthy();
  });

  it('has the language switch, its links to this page in each language', async () => {
    renderPage('hi');
    const languages = await screen.findByRole('navigation', { name: 'भाषा' });
    expect(within(languages).getByRole('link', { name: 'English' }).getAttribute('href')).toMatch(/^\/diwali-party(\?|$)/);
    expect(within(languages).getByRole('link', { name: 'தமிழ்' }).getAttribute('href')).toMatch(/^\/ta\/diwali-party(\?|$)/);
    expect(within(languages).getByRole('link', { name: 'हिन्दी' }).getAttribute('aria-current')).toBe('page');
  });

  it('says how many tickets are left with its plural', async () => {
    remaining = 1;
    renderPage('hi');
    expect(await screen.findByText('सिर्फ़ 1 टिकट बचा है!')).toBeTruthy();
  });
});

describe('the party page in Tamil', () => {
  it('shows the tickets step in Tamil', async () => {
    renderPage('ta');
    expect(await screen.findByRole('heading', { name: 'உங்கள் டிக்கெட்டுகளைத் தேர்ந்தெடுங்கள்' })).toBeTruthy();
    expect(
      screen.getByText('பெரியவர்கள் $49.99 (10 வயதும் அதற்கு மேலும்) · குழந்தைகள் $29.99 (5 முதல் 9 வயது வரை) · 5 வயதுக்குட்பட்டவர்களுக்கு இலவசம்'),
    ).toBeTruthy();
    expect(screen.getByLabelText('புரோமோ குறியீடு')).toBeTruthy();
    expect(screen.getByText('குறைந்தது ஒரு டிக்கெட்டையாவது தேர்ந்தெடுங்கள்')).toBeTruthy();
  });

  it('confirms the order in Tamil, the amounts in US dollars', () => {
    renderInLanguage(
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmationStep receipt={RECEIPT} site={DEFAULT_SITE_CONFIG} clientSecret={null} />
      </QueryClientProvider>,
      { language: 'ta', path: '/diwali-party' },
    );
    expect(screen.getByRole('heading', { name: 'எல்லாம் தயார்!' })).toBeTruthy();
    expect(screen.getByText('பெரியவர் டிக்கெட்டுகள் × 2')).toBeTruthy();
    expect(screen.getByText('குழந்தை டிக்கெட்டுகள் × 1')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$142.16');
    expect(screen.getByText('$142.16', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('உங்கள் டிக்கெட்டுகளுடன் உறுதிப்படுத்தல் மின்னஞ்சல் meera.k@example.com-க்கு அனுப்பப்பட்டுள்ளது.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'முகப்புக்குத் திரும்பு' }).getAttribute('href')).toBe('/');
  });

  // The API answers a Tamil page in Tamil, with the refusal's code (docs/languages.md): the page
  // tells the refusals apart by the code, not by English words.
  async function payForTwoAdults() {
    renderPage('ta');
    await screen.findByRole('heading', { name: 'உங்கள் டிக்கெட்டுகளைத் தேர்ந்தெடுங்கள்' });
    const more = screen.getByRole('button', { name: 'பெரியவர் டிக்கெட்டுகளைக் கூட்டவும்' });
    await waitFor(() => expect((more as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('button', { name: 'தொடரவும்' }));
    fireEvent.change(await screen.findByLabelText('முதல் பெயர்'), { target: { value: 'Meera' } });
    fireEvent.change(screen.getByLabelText('குடும்பப் பெயர்'), { target: { value: 'Krishnan' } });
    fireEvent.change(screen.getByLabelText('மின்னஞ்சல்'), { target: { value: 'meera.k@example.com' } });
    fireEvent.change(screen.getByLabelText('ஃபோன்'), { target: { value: '4085550101' } });
    fireEvent.submit(screen.getByLabelText('ஃபோன்').closest('form')!);
  }

  it("goes back to the tickets with the server's Tamil words when the tickets changed meanwhile", async () => {
    const soldOut = 'மன்னிக்கவும், பார்ட்டி டிக்கெட்டுகள் அனைத்தும் விற்றுத் தீர்ந்துவிட்டன';
    intentAnswer = () => json(409, { message: soldOut, code: 'tickets-changed.sold-out' });
    await payForTwoAdults();
    await screen.findByRole('heading', { name: 'உங்கள் டிக்கெட்டுகளைத் தேர்ந்தெடுங்கள்' });
    expect((await screen.findByRole('alert')).textContent).toBe(soldOut);
  });

  it("says in Tamil why a payment that came too late was refunded, in the server's words", async () => {
    const refunded =
      'உங்கள் டிக்கெட்டுகள் விடுவிக்கப்பட்ட பிறகு உங்கள் பணம் வந்து சேர்ந்தது, அதற்குள் டிக்கெட் விற்பனை முடிவடைந்தது. முழுத் தொகையும் திருப்பித் தரப்பட்டுள்ளது.';
    confirmAnswer = () => json(409, { message: refunded, code: 'payments.late-refunded' });
    renderPage('ta', BACK_FROM_REDIRECT);
    expect((await screen.findByRole('alert')).textContent).toBe(refunded);
  });

  it('says in Tamil to contact the restaurant when the confirmation is refused for another reason', async () => {
    confirmAnswer = () => json(409, { message: 'பணம் செலுத்துதல் முடிவடையவில்லை', code: 'payments.not-completed' });
    renderPage('ta', BACK_FROM_REDIRECT);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'பணம் செலுத்தப்பட்டது, ஆனால் உங்கள் ஆர்டரைச் செயல்படுத்துவதில் சிக்கல் ஏற்பட்டது. நீங்கள் செலுத்திய விவரங்களுடன் எங்களைத் தொடர்புகொள்ளுங்கள்.',
    );
  });

  it('stays on the contact step with a refusal whose code it does not know, in its words', async () => {
    const refused = 'இந்த மின்னஞ்சலில் இருந்து அதிகமான முயற்சிகள்';
    intentAnswer = () => json(429, { message: refused, code: 'payments.too-many-declines' });
    await payForTwoAdults();
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(screen.getByLabelText('முதல் பெயர்')).toBeTruthy();
  });
});
