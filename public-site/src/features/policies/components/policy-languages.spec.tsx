import { QueryClientProvider } from '@festival/query';
import { screen, waitFor, within } from '@testing-library/react';
import { rendererInLanguage } from '@festival/web-kit/render-in-language';
import { DEFAULT_SITE_CONFIG, policyVersionLine, POLICY_TITLES, type PublicPolicy } from '@festival/contracts';
import { createQueryClient } from '@festival/web-kit/query-client';
import { messages as linksEn } from '../../../../../packages/web-kit/src/locales/legal-links/en.po';
import { messages as linksHi } from '../../../../../packages/web-kit/src/locales/legal-links/hi.po';
import { messages as linksTa } from '../../../../../packages/web-kit/src/locales/legal-links/ta.po';
import { messages as policiesEn } from '../../../locales/policies/en.po';
import { messages as policiesHi } from '../../../locales/policies/hi.po';
import { messages as policiesTa } from '../../../locales/policies/ta.po';
import { PolicyPage } from './policy-page';

/** A policy page's catalogues, as its route loads them (its own and the web kit's footer links). */
const renderInLanguage = rendererInLanguage(
  { en: { ...policiesEn, ...linksEn }, hi: { ...policiesHi, ...linksHi }, ta: { ...policiesTa, ...linksTa } },
  '/privacy',
);

const POLICY: PublicPolicy = {
  kind: 'privacy',
  title: 'Privacy policy',
  html: '<p>We keep your e-mail address to send you your tickets.</p>',
  version: 3,
  savedAt: '2026-11-28T10:00:00.000Z',
};

let policyAnswer: () => { status: number; body: unknown };

beforeEach(() => {
  policyAnswer = () => ({ status: 200, body: POLICY });
  globalThis.fetch = jest.fn(async (url: string) => {
    const { status, body } = url === '/api/site' ? { status: 200, body: DEFAULT_SITE_CONFIG } : policyAnswer();
    return { ok: status < 400, status, statusText: String(status), text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderPolicy(kind: 'privacy' | 'terms', language: 'en' | 'hi' | 'ta') {
  return renderInLanguage(
    <QueryClientProvider client={createQueryClient()}>
      <PolicyPage kind={kind} />
    </QueryClientProvider>,
    { language, path: kind === 'privacy' ? '/privacy' : '/terms' },
  );
}

const { timeZone } = DEFAULT_SITE_CONFIG.party;
const dateIn = (locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(POLICY.savedAt));

describe("the policies' frame", () => {
  it('in English, as it always was: the title, the version line, the staff text and the footer links', async () => {
    renderPolicy('privacy', 'en');
    expect(screen.getByRole('heading', { level: 1, name: POLICY_TITLES.privacy })).toBeTruthy();
    expect(await screen.findByText(policyVersionLine(POLICY, timeZone))).toBeTruthy();
    expect(screen.getByText('Version 3 · Effective November 28, 2026')).toBeTruthy();
    expect(screen.getByText('We keep your e-mail address to send you your tickets.')).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Policies' });
    expect(within(links).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(within(links).getByRole('link', { name: 'Ticket terms' }).getAttribute('href')).toBe('/terms');
    expect(await screen.findByRole('link', { name: /Saffron Leaf/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Privacy policy | Saffron Leaf'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      "Saffron Leaf's privacy policy for its website, tickets and feast packs.",
    );
  });

  it("dates the policy by the restaurant's day: saved at 9 PM in California, not the next day (UTC's)", async () => {
    policyAnswer = () => ({ status: 200, body: { ...POLICY, savedAt: '2026-11-28T05:00:00.000Z' } });
    renderPolicy('privacy', 'en');
    expect(await screen.findByText('Version 3 · Effective November 27, 2026')).toBeTruthy();
  });

  it('in English, says the policy is loading, then that it could not load', async () => {
    policyAnswer = () => ({ status: 503, body: { message: 'down' } });
    renderPolicy('terms', 'en');
    expect(screen.getByRole('heading', { level: 1, name: POLICY_TITLES.terms })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the ticket terms…');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The ticket terms could not load. Check your connection and reload the page.',
    );
  });

  it('in Hindi: the title, the version line with its date for hi-IN, the footer links; the staff text as written', async () => {
    renderPolicy('privacy', 'hi');
    expect(screen.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('गोपनीयता नीति लोड हो रही है…');
    expect(await screen.findByText(`संस्करण 3 · ${dateIn('hi-IN')} से लागू`)).toBeTruthy();
    expect(screen.getByText('We keep your e-mail address to send you your tickets.')).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'नीतियाँ' });
    expect(within(links).getByRole('link', { name: 'टिकट की शर्तें' }).getAttribute('href')).toBe('/hi/terms');
    await waitFor(() => expect(document.title).toBe('गोपनीयता नीति | Saffron Leaf'));
  });

  it('in Tamil: the title, the version line with its date for ta-IN and the footer links', async () => {
    renderPolicy('terms', 'ta');
    expect(screen.getByRole('heading', { level: 1, name: 'டிக்கெட் விதிமுறைகள்' })).toBeTruthy();
    expect(await screen.findByText(`பதிப்பு 3 · ${dateIn('ta-IN')} முதல் நடைமுறையில்`)).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'கொள்கைகள்' })).getByRole('link', { name: 'தனியுரிமைக் கொள்கை' })).toBeTruthy();
  });

  it('in Tamil, says why the policy did not load', async () => {
    policyAnswer = () => ({ status: 503, body: { message: 'down' } });
    renderPolicy('privacy', 'ta');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'தனியுரிமைக் கொள்கையை ஏற்ற முடியவில்லை. உங்கள் இணைய இணைப்பைச் சரிபார்த்து, பக்கத்தை மீண்டும் ஏற்றுங்கள்.',
    );
  });
});
