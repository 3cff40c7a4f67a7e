import { DEFAULT_SITE_CONFIG } from '@festival/contracts';
import { autoCloseAt } from './drinks-sweeper.service.js';

const party = { ...DEFAULT_SITE_CONFIG.party, startsAt: '2025-10-24T19:00:00-07:00', endsAt: '2025-10-24T23:00:00-07:00' };

describe('autoCloseAt', () => {
  it('closes a tab opened during the party at the end of the party', () => {
    expect(autoCloseAt(new Date('2025-10-25T03:15:00Z'), party)?.toISOString()).toBe('2025-10-25T06:00:00.000Z');
    expect(autoCloseAt(new Date('2025-10-20T12:00:00Z'), party)?.toISOString()).toBe('2025-10-25T06:00:00.000Z');
  });

  it('gives a tab opened after the end as long as the party lasts (4 hours here)', () => {
    expect(autoCloseAt(new Date('2025-10-25T06:30:00Z'), party)?.toISOString()).toBe('2025-10-25T10:30:00.000Z');
  });

  it('falls back to 4 hours when the start cannot be read, and gives up when the end cannot', () => {
    expect(autoCloseAt(new Date('2025-10-25T07:00:00Z'), { ...party, startsAt: 'soon' })?.toISOString()).toBe('2025-10-25T11:00:00.000Z');
    expect(autoCloseAt(new Date('2025-10-25T07:00:00Z'), { ...party, endsAt: 'late' })).toBeUndefined();
  });
});
