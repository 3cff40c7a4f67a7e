import { QueryClientProvider } from '@festival/query';
import { fireEvent, render, screen } from '@testing-library/react';
import { rendererInLanguage } from '../i18n/render-in-language';
import { messages as checkoutEn } from '../locales/checkout/en.po';
import { messages as checkoutHi } from '../locales/checkout/hi.po';
import { messages as checkoutTa } from '../locales/checkout/ta.po';
import { createQueryClient } from '../query-client';
import { PaymentForm } from './payment-form';

/** The card form in a language, with the web kit's checkout catalogue a page loads for it. */
const renderInLanguage = rendererInLanguage({ en: checkoutEn, hi: checkoutHi, ta: checkoutTa }, null);

type Answer = { ok: boolean; status: number; statusText: string; text: () => Promise<string> };
const answer = (status: number, body: string): Answer => ({ ok: status < 400, status, statusText: String(status), text: async () => body });

let config: () => Promise<Answer>;
let confirm: () => Promise<Answer>;

beforeEach(() => {
  config = async () => answer(200, JSON.stringify({ mode: 'simulated' }));
  confirm = async () => answer(500, 'Internal Server Error');
  globalThis.fetch = jest.fn((url: string) => (url === '/api/payments/config' ? config() : confirm())) as unknown as typeof fetch;
});

const form = () => (
  <QueryClientProvider client={createQueryClient()}>
    <PaymentForm clientSecret="pi_1_secret" intent="payment" submitLabel="Pay" returnUrl="/" onSucceeded={() => undefined} />
  </QueryClientProvider>
);

function fillCard() {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
}

const TEXTS = {
  en: {
    loading: 'Loading payment form...',
    notice: 'Test mode: no card is charged. Use card 4242 4242 4242 4242, any future expiry and any CVC.',
    methods: 'Payment method',
    card: 'Card',
    processing: 'Processing...',
    failed: 'Payment failed',
    noForm: 'The payment form could not load. Check your connection and try again.',
  },
  hi: {
    loading: 'भुगतान फ़ॉर्म लोड हो रहा है...',
    notice: 'टेस्ट मोड: किसी भी कार्ड से पैसे नहीं कटेंगे। कार्ड नंबर 4242 4242 4242 4242, Expiry में आगे की कोई भी तारीख़ और कोई भी CVC डालें।',
    methods: 'भुगतान का तरीका',
    card: 'कार्ड',
    processing: 'प्रोसेस हो रहा है...',
    failed: 'भुगतान नहीं हो सका',
    noForm: 'भुगतान फ़ॉर्म लोड नहीं हो सका। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  },
  ta: {
    loading: 'பணம் செலுத்தும் படிவம் ஏற்றப்படுகிறது...',
    notice:
      'சோதனை முறை: எந்தக் கார்டிலும் பணம் எடுக்கப்படாது. கார்டு எண் 4242 4242 4242 4242, Expiry-யில் வரவிருக்கும் ஏதேனும் ஒரு தேதி, ஏதேனும் ஒரு CVC ஆகியவற்றை உள்ளிடுங்கள்.',
    methods: 'பணம் செலுத்தும் முறை',
    card: 'கார்டு',
    processing: 'செயலாக்கப்படுகிறது...',
    failed: 'பணம் செலுத்த முடியவில்லை',
    noForm: 'பணம் செலுத்தும் படிவத்தை ஏற்ற முடியவில்லை. உங்கள் இணைய இணைப்பைச் சரிபார்த்து மீண்டும் முயலுங்கள்.',
  },
} as const;

describe.each(['en', 'hi', 'ta'] as const)('the simulated card form in %s', (language) => {
  const texts = TEXTS[language];

  it("speaks the page's language but for its three fields, which keep their English names", async () => {
    renderInLanguage(form(), { language });
    expect(screen.getByRole('status').textContent).toBe(texts.loading);
    expect((await screen.findByRole('note')).textContent).toBe(texts.notice);
    expect(screen.getByRole('tablist', { name: texts.methods })).toBeTruthy();
    expect(screen.getByRole('tab').textContent).toBe(texts.card);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).placeholder).toBe('1234 1234 1234 1234');
    expect((screen.getByLabelText('Expiry') as HTMLInputElement).placeholder).toBe('MM / YY');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).placeholder).toBe('CVC');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it('says the card is being processed, then that the payment failed', async () => {
    let fail: (answer: Answer) => void = () => undefined;
    confirm = () => new Promise((resolve) => (fail = resolve));
    renderInLanguage(form(), { language });
    await screen.findByRole('note');
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('button', { name: texts.processing })).toBeTruthy();
    fail(answer(500, 'Internal Server Error'));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.failed);
  });

  it('says when the form could not load', async () => {
    config = async () => answer(503, '');
    renderInLanguage(form(), { language });
    expect((await screen.findByRole('alert')).textContent).toBe(texts.noForm);
  });
});

describe('the card form on a page with no LanguageProvider (the staff door sale)', () => {
  it('speaks English, and shows the refusal the gateway gave', async () => {
    confirm = async () => answer(402, JSON.stringify({ message: 'Your card was declined.' }));
    render(form());
    expect((await screen.findByRole('note')).textContent).toBe(TEXTS.en.notice);
    expect(screen.getByRole('tablist', { name: 'Payment method' })).toBeTruthy();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
  });
});
