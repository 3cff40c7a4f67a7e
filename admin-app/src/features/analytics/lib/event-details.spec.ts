import { createAnalyticsEvent as event } from '#shared/testing/factories.ts';
import { eventBehaviour, eventLocation, eventSource } from './event-details';
import { formatDuration } from '#shared/lib/format.ts';

describe('event table cells', () => {
  it('location: place and coordinates to 4 decimals, or Unknown', () => {
    expect(
      eventLocation(event({ geoCity: 'San Jose', geoRegion: 'CA', geoCountry: 'US', geoLatitude: 37.338208, geoLongitude: -121.88633 })),
    ).toEqual({
      place: 'San Jose, CA, US',
      coordinates: '37.3382, -121.8863',
    });
    expect(eventLocation(event({ geoCountry: 'IN' }))).toEqual({ place: 'IN', coordinates: null });
    expect(eventLocation(event({ geoLatitude: 0, geoLongitude: 0 }))).toEqual({ place: null, coordinates: '0.0000, 0.0000' });
    expect(eventLocation(event())).toBe('Unknown');
  });

  it('behaviour: scroll depth, time on page and section names, when recorded', () => {
    expect(
      eventBehaviour(
        event({
          scrollDepth: 75,
          timeOnPage: 219_000,
          pageSections: { hero: { count: 1, visibleMs: 9000 }, packs: { count: 2, visibleMs: 4000 } },
        }),
      ),
    ).toEqual(['Scroll: 75%', 'Time: 3m 39s', 'Sections: hero, packs']);
    expect(eventBehaviour(event({ scrollDepth: 0, pageSections: {} }))).toEqual(['Scroll: 0%']);
    expect(eventBehaviour(event())).toEqual([]);
  });

  it('time on page in ms, s, or m s', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(59_999)).toBe('59s');
    expect(formatDuration(60_000)).toBe('1m 0s');
    expect(formatDuration(3_725_000)).toBe('62m 5s');
  });

  it('source: the utm values and referrer that were recorded, or nothing (Not tracked)', () => {
    expect(
      eventSource(
        event({
          utmSource: 'facebook',
          utmMedium: 'social',
          utmCampaign: 'diwali2024',
          utmContent: 'story',
          utmTerm: 'feast',
          referrer: 'https://l.facebook.com/',
        }),
      ),
    ).toEqual([
      { label: 'Source', value: 'facebook' },
      { label: 'Medium', value: 'social' },
      { label: 'Campaign', value: 'diwali2024' },
      { label: 'Content', value: 'story' },
      { label: 'Term', value: 'feast' },
      { label: 'Referrer', value: 'https://l.facebook.com/' },
    ]);
    expect(eventSource(event({ referrer: 'https://www.google.com/' }))).toEqual([{ label: 'Referrer', value: 'https://www.google.com/' }]);
    expect(eventSource(event())).toEqual([]);
  });
});
