import { msUntilNext, parseTimeOfDay } from './schedule.js';

describe('the nightly backup time', () => {
  it('reads HH:MM of a 24-hour day and nothing else', () => {
    expect(parseTimeOfDay('03:30')).toEqual({ hours: 3, minutes: 30 });
    expect(parseTimeOfDay('23:59')).toEqual({ hours: 23, minutes: 59 });
    for (const text of ['3:30', '24:00', '03:60', '03:30:00', '', 'nightly'])
      expect([text, parseTimeOfDay(text)]).toEqual([text, undefined]);
  });

  it('waits until that time today, or tomorrow once it has passed, never 0', () => {
    const at = { hours: 3, minutes: 30 };
    const local = (h: number, m: number, s = 0) => new Date(2026, 10, 7, h, m, s);
    expect(msUntilNext(at, local(1, 0))).toBe(150 * 60 * 1000);
    expect(msUntilNext(at, local(3, 29, 59))).toBe(1000);
    expect(msUntilNext(at, local(3, 30))).toBe(24 * 60 * 60 * 1000);
    expect(msUntilNext(at, local(22, 0))).toBe(5.5 * 60 * 60 * 1000);
  });
});
