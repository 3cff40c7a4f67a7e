import { createAnalyticsEvent as event } from '#shared/testing/factories.ts';
import { groupEvents } from './event-groups';

describe('event groups', () => {
  it('groups by entityId, else sessionId, else the event alone; newest group and event first', () => {
    const groups = groupEvents([
      event({ id: '1', sessionId: 'session-aaaaaaaaaaaaaaaa-1', createdAt: '2025-10-10T10:00:00.000Z' }),
      event({ id: '2', sessionId: 'session-bbbbbbbbbbbbbbbb-2', createdAt: '2025-10-10T11:00:00.000Z' }),
      event({ id: '3', sessionId: 'session-aaaaaaaaaaaaaaaa-1', createdAt: '2025-10-10T12:00:00.000Z', userName: 'Asha Raman' }),
      event({
        id: '4',
        entityId: 'order-1',
        sessionId: 'session-bbbbbbbbbbbbbbbb-2',
        createdAt: '2025-10-10T09:00:00.000Z',
        userEmail: 'ravi@example.com',
        userPhone: '(408) 555-0199',
      }),
      event({ id: '5', sessionId: null, createdAt: '2025-10-10T08:00:00.000Z' }),
      event({ id: '6', sessionId: null, createdAt: '2025-10-10T08:30:00.000Z' }),
    ]);
    expect(groups.map((g) => [g.label, g.events.map((e) => e.id)])).toEqual([
      ['Session: session-aaaaaaaa', ['3', '1']],
      ['Session: session-bbbbbbbb', ['2']],
      ['Identified User', ['4']],
      ['Session: unknown', ['6']],
      ['Session: unknown', ['5']],
    ]);
    expect(groups[0]).toMatchObject({ identified: false, name: 'Asha Raman', email: null, phone: null });
    expect(groups[2]).toMatchObject({ identified: true, name: null, email: 'ravi@example.com', phone: '(408) 555-0199' });
  });

  it('shows the first 16 characters of a session id', () => {
    const [group] = groupEvents([event({ sessionId: '5b1f0c9e-2d4a-4f6b-8e3c-7a9d1b2c3d4e' })]);
    expect(group.label).toBe('Session: 5b1f0c9e-2d4a-4f');
  });

  it('orders events of the same moment by id, newest first', () => {
    const at = '2025-10-10T10:00:00.000Z';
    const [group] = groupEvents([event({ id: '9', createdAt: at }), event({ id: '10', createdAt: at })]);
    expect(group.events.map((e) => e.id)).toEqual(['10', '9']);
  });

  it('makes no groups of no events', () => {
    expect(groupEvents([])).toEqual([]);
  });
});
