import { languageOfPath, negotiateLanguage, pathInLanguage, pathWithoutLanguage } from './languages.js';
import { findSiteRoute, prerenderedPaths, routerPath } from './remotes.js';

describe('the languages of a path', () => {
  it('reads the language from the prefix, English without one', () => {
    expect(
      ['/drinks', '/hi/drinks', '/ta/drinks/checkout', '/hi', '/ta/', '/en/drinks', '/fr/drinks', '/hindi'].map(languageOfPath),
    ).toEqual(['en', 'hi', 'ta', 'hi', 'ta', 'en', 'en', 'en']);
  });

  it('moves a page between languages, keeping its query and hash', () => {
    expect(pathInLanguage('/drinks/checkout', 'hi')).toBe('/hi/drinks/checkout');
    expect(pathInLanguage('/hi/drinks/checkout', 'ta')).toBe('/ta/drinks/checkout');
    expect(pathInLanguage('/ta/drinks?ticket=abc#top', 'en')).toBe('/drinks?ticket=abc#top');
    expect(pathInLanguage('/', 'ta')).toBe('/ta/');
    expect(pathWithoutLanguage('/ta/')).toBe('/');
    expect(pathWithoutLanguage('/hi')).toBe('/');
  });

  it("follows the browser's Accept-Language by weight, then order, among English, Hindi and Tamil", () => {
    expect(negotiateLanguage('ta')).toBe('ta');
    expect(negotiateLanguage('ta-IN,ta;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ta');
    expect(negotiateLanguage('en-US,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(negotiateLanguage('fr-FR,hi;q=0.5')).toBe('hi');
    expect(negotiateLanguage('en;q=0.4,hi-IN;q=0.9')).toBe('hi');
    expect(negotiateLanguage('fr,de')).toBeUndefined();
    expect(negotiateLanguage('hi;q=0')).toBeUndefined();
    expect(negotiateLanguage('')).toBeUndefined();
    expect(negotiateLanguage(undefined)).toBeUndefined();
  });
});

describe('translated routes', () => {
  it('serve the guest pages in Hindi and Tamil below their prefix, and the staff pages in English only', () => {
    expect(findSiteRoute('/hi/drinks/checkout')?.remote).toBe('drinks_app');
    expect(findSiteRoute('/ta/drinks')?.remote).toBe('drinks_app');
    expect(findSiteRoute('/hi/diwali-party')?.remote).toBe('public_site');
    expect(findSiteRoute('/ta/diwali-party')?.remote).toBe('public_site');
    expect(findSiteRoute('/hi/my-tickets')?.remote).toBe('public_site');
    expect(findSiteRoute('/ta/')?.remote).toBe('public_site');
    expect(findSiteRoute('/hi/feast-packs/checkout')?.remote).toBe('public_site');
    // The staff area is English only.
    expect(findSiteRoute('/ta/admin')).toBeUndefined();
    expect(findSiteRoute('/hi/admin/door')).toBeUndefined();
    expect(routerPath(findSiteRoute('/drinks')!, 'hi')).toBe('/hi/drinks/*');
  });

  it('pre-render each translated page in every language', () => {
    expect(prerenderedPaths()).toEqual([
      '/',
      '/hi/',
      '/ta/',
      '/diwali-party',
      '/hi/diwali-party',
      '/ta/diwali-party',
      '/privacy',
      '/hi/privacy',
      '/ta/privacy',
      '/terms',
      '/hi/terms',
      '/ta/terms',
      '/drinks',
      '/hi/drinks',
      '/ta/drinks',
    ]);
  });
});
