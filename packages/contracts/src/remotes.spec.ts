import { DEFAULT_REMOTES_MANIFEST, findSiteRoute, parseRemotesManifest, prerenderedRoutes, routerPath, sitePaths } from './remotes.js';

describe('parseRemotesManifest', () => {
  it('accepts a manifest with every remote, dropping anything else', () => {
    expect(parseRemotesManifest({ ...DEFAULT_REMOTES_MANIFEST, extra: 'x' })).toEqual(DEFAULT_REMOTES_MANIFEST);
  });

  it('names the remotes a manifest lacks', () => {
    expect(() => parseRemotesManifest({ public_site: '/a.js', drinks_app: '' })).toThrow('no URL for drinks_app, admin_app');
    expect(() => parseRemotesManifest([])).toThrow('must be a JSON object');
    expect(() => parseRemotesManifest(null)).toThrow('must be a JSON object');
  });
});

describe('the site routes', () => {
  it('list every page of the public site, the drinks app and the back office', () => {
    expect(sitePaths()).toEqual([
      '/',
      '/hi/',
      '/ta/',
      '/diwali-party',
      '/hi/diwali-party',
      '/ta/diwali-party',
      '/feast-packs',
      '/feast-packs/checkout',
      '/hi/feast-packs',
      '/hi/feast-packs/checkout',
      '/ta/feast-packs',
      '/ta/feast-packs/checkout',
      '/my-tickets',
      '/hi/my-tickets',
      '/ta/my-tickets',
      '/privacy',
      '/hi/privacy',
      '/ta/privacy',
      '/terms',
      '/hi/terms',
      '/ta/terms',
      '/drinks',
      '/drinks/checkout',
      '/drinks/confirmation',
      '/drinks/tab-confirmation',
      '/hi/drinks',
      '/hi/drinks/checkout',
      '/hi/drinks/confirmation',
      '/hi/drinks/tab-confirmation',
      '/ta/drinks',
      '/ta/drinks/checkout',
      '/ta/drinks/confirmation',
      '/ta/drinks/tab-confirmation',
      '/admin',
      '/admin/login',
      '/admin/campaigns',
      '/admin/drinks-qr',
      '/admin/bar',
      '/admin/door',
      '/admin/devices',
      '/admin/activity',
      '/admin/settings',
      '/admin/pickups',
      '/admin/reports',
      '/admin/kitchen',
      '/admin/waitlist',
      '/admin/guests',
    ]);
  });

  it('find the remote of each page, by its exact path', () => {
    expect(findSiteRoute('/')?.remote).toBe('public_site');
    expect(findSiteRoute('/diwali-party')?.remote).toBe('public_site');
    expect(findSiteRoute('/my-tickets')?.remote).toBe('public_site');
    expect(findSiteRoute('/privacy')?.remote).toBe('public_site');
    expect(findSiteRoute('/terms')?.remote).toBe('public_site');
    expect(findSiteRoute('/drinks/checkout')?.remote).toBe('drinks_app');
    expect(findSiteRoute('/admin/bar')?.remote).toBe('admin_app');
  });

  it('know no other path', () => {
    for (const path of [
      '/nope',
      '/diwali-party/x',
      '/drinks/nope',
      '/admin/nope',
      '/drinks/checkout/x',
      '/drinks/',
      '/admin/',
      '/Drinks',
      '',
      '/remotes.json',
    ]) {
      expect(findSiteRoute(path)).toBeUndefined();
    }
  });

  it('mount a remote with children below its path, the others at their path alone', () => {
    expect(routerPath(findSiteRoute('/drinks')!)).toBe('/drinks/*');
    expect(routerPath(findSiteRoute('/diwali-party')!)).toBe('/diwali-party');
  });

  it('pre-render the landing page, the party page, the privacy policy, the ticket terms and the drinks menu', () => {
    expect(prerenderedRoutes().map((route) => [route.path, route.remote])).toEqual([
      ['/', 'public_site'],
      ['/diwali-party', 'public_site'],
      ['/privacy', 'public_site'],
      ['/terms', 'public_site'],
      ['/drinks', 'drinks_app'],
    ]);
  });
});
