import { DEFAULT_REMOTES_MANIFEST, parseRemotesManifest } from './remotes.js';

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
