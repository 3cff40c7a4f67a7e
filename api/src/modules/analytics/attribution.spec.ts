import { normaliseAttribution } from './attribution.js';

const none = { utmSource: null, utmMedium: null, utmCampaign: null, referrer: null };

describe('normaliseAttribution', () => {
  it('uses the utm source, medium and campaign, lower-cased and trimmed', () => {
    expect(normaliseAttribution({ ...none, utmSource: ' Facebook', utmMedium: 'SOCIAL ', utmCampaign: 'Diwali2024' })).toEqual({
      source: 'facebook',
      medium: 'social',
      campaign: 'diwali2024',
    });
  });

  it('says "(not set)" for the half of a utm pair that is missing', () => {
    expect(normaliseAttribution({ ...none, utmSource: 'newsletter' })).toEqual({
      source: 'newsletter',
      medium: '(not set)',
      campaign: null,
    });
  });

  it('credits the referring site when there are no utm parameters', () => {
    expect(normaliseAttribution({ ...none, referrer: 'https://www.google.com/search?q=diwali' })).toEqual({
      source: 'google.com',
      medium: 'referral',
      campaign: null,
    });
    expect(normaliseAttribution({ ...none, referrer: 'not a url' })).toEqual({ source: 'unknown', medium: 'referral', campaign: null });
  });

  it('is direct / none with neither', () => {
    expect(normaliseAttribution(none)).toEqual({ source: 'direct', medium: 'none', campaign: null });
    expect(normaliseAttribution({ ...none, utmSource: 'direct', utmMedium: 'none' })).toEqual({
      source: 'direct',
      medium: 'none',
      campaign: null,
    });
  });
});
