import { fireEvent, render, screen, within } from '@testing-library/react';
import { rendererInLanguage } from '../i18n/render-in-language';
import { messages as checkoutEn } from '../locales/checkout/en.po';
import { messages as checkoutHi } from '../locales/checkout/hi.po';
import { messages as checkoutTa } from '../locales/checkout/ta.po';
import { messages as linksEn } from '../locales/legal-links/en.po';
import { messages as linksHi } from '../locales/legal-links/hi.po';
import { messages as linksTa } from '../locales/legal-links/ta.po';
import { LegalLinks, NewsConsentBox, PayAgreement } from './legal';

/** The web kit's legal parts in a language, with the catalogues a page loads for them. */
const renderInLanguage = rendererInLanguage(
  { en: { ...linksEn, ...checkoutEn }, hi: { ...linksHi, ...checkoutHi }, ta: { ...linksTa, ...checkoutTa } },
  null,
);

describe('LegalLinks', () => {
  it.each([
    ['en', 'Policies', 'Privacy policy', 'Ticket terms'],
    ['hi', 'नीतियाँ', 'गोपनीयता नीति', 'टिकट की शर्तें'],
    ['ta', 'கொள்கைகள்', 'தனியுரிமைக் கொள்கை', 'டிக்கெட் விதிமுறைகள்'],
  ] as const)('in %s links the privacy policy and the ticket terms in that language', (language, name, privacy, terms) => {
    renderInLanguage(<LegalLinks className="extra" />, { language });
    const nav = screen.getByRole('navigation', { name });
    const prefix = language === 'en' ? '' : `/${language}`;
    expect(nav.className).toBe('legal-links extra');
    expect(within(nav).getByRole('link', { name: privacy }).getAttribute('href')).toBe(`${prefix}/privacy`);
    expect(within(nav).getByRole('link', { name: terms }).getAttribute('href')).toBe(`${prefix}/terms`);
    expect(nav.textContent).toBe(`${privacy} · ${terms}`);
  });
});

describe('PayAgreement', () => {
  it.each([
    ['en', 'By paying you agree to the ticket terms and the privacy policy', 'ticket terms', 'privacy policy'],
    ['hi', 'भुगतान करके आप टिकट की शर्तों और गोपनीयता नीति से सहमत होते हैं', 'टिकट की शर्तों', 'गोपनीयता नीति'],
    [
      'ta',
      'பணம் செலுத்துவதன் மூலம் டிக்கெட் விதிமுறைகளையும் தனியுரிமைக் கொள்கையையும் ஏற்றுக்கொள்கிறீர்கள்',
      'டிக்கெட் விதிமுறைகளையும்',
      'தனியுரிமைக் கொள்கையையும்',
    ],
  ] as const)('in %s says paying agrees to both, each linked in that language in a new tab', (language, line, terms, privacy) => {
    renderInLanguage(<PayAgreement />, { language });
    const paragraph = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === line);
    const prefix = language === 'en' ? '' : `/${language}`;
    const termsLink = within(paragraph).getByRole('link', { name: terms });
    expect(termsLink.getAttribute('href')).toBe(`${prefix}/terms`);
    expect(termsLink.getAttribute('target')).toBe('_blank');
    expect(within(paragraph).getByRole('link', { name: privacy }).getAttribute('href')).toBe(`${prefix}/privacy`);
  });
});

describe('NewsConsentBox', () => {
  it.each([
    ['en', "Send me news about the restaurant's events"],
    ['hi', 'रेस्टोरेंट के कार्यक्रमों की ख़बरें मुझे भेजें'],
    ['ta', 'உணவகத்தின் நிகழ்ச்சிகள் பற்றிய செய்திகளை எனக்கு அனுப்புங்கள்'],
  ] as const)('in %s is an unticked box named by its label', (language, label) => {
    const onChange = jest.fn();
    renderInLanguage(<NewsConsentBox checked={false} onChange={onChange} />, { language });
    const box = screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('on a page with no LanguageProvider (the staff area)', () => {
  it('the pay line and the news box speak English', () => {
    render(
      <>
        <PayAgreement />
        <NewsConsentBox checked onChange={() => undefined} />
      </>,
    );
    expect(screen.getByText(/By paying you agree to the/).textContent).toBe(
      'By paying you agree to the ticket terms and the privacy policy',
    );
    expect((screen.getByRole('checkbox', { name: "Send me news about the restaurant's events" }) as HTMLInputElement).checked).toBe(true);
  });
});
