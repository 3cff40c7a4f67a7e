import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { partyEventSubtitle } from './party-event';

describe('party tickets subtitle', () => {
  it('reads as the spec says with the default configuration', () => {
    expect(partyEventSubtitle(DEFAULT_SITE_CONFIG.party)).toBe('Event: Friday, October 24th, 2025 at Milpitas ICC');
  });

  it('follows the configuration, in the venue time zone', () => {
    const party = {
      ...DEFAULT_SITE_CONFIG.party,
      startsAt: '2026-11-01T23:30:00-08:00',
      venue: { ...DEFAULT_SITE_CONFIG.party.venue, shortName: 'Hall B' },
    };
    expect(partyEventSubtitle(party)).toBe('Event: Sunday, November 1st, 2026 at Hall B');
    expect(partyEventSubtitle({ ...party, startsAt: '2026-11-02T19:00:00-08:00' })).toBe('Event: Monday, November 2nd, 2026 at Hall B');
    expect(partyEventSubtitle({ ...party, startsAt: '2026-11-13T19:00:00-08:00' })).toBe('Event: Friday, November 13th, 2026 at Hall B');
  });

  it('falls back to the configured wording when the date cannot be read', () => {
    expect(partyEventSubtitle({ ...DEFAULT_SITE_CONFIG.party, timeZone: 'Not/AZone' })).toBe(
      'Event: Friday, October 24, 2025 at Milpitas ICC',
    );
    expect(partyEventSubtitle({ ...DEFAULT_SITE_CONFIG.party, startsAt: 'soon' })).toBe('Event: Friday, October 24, 2025 at Milpitas ICC');
  });
});
