import { calendarEvent } from './calendar-event.js';

const EVENT = {
  uid: 'order-1@festival',
  startsAt: '2026-11-08T01:00:00.000Z',
  endsAt: '2026-11-08T05:00:00.000Z',
  summary: 'Diwali Night · Spice Route',
  location: 'Spice Route, 1 Main St, Springfield',
  description: 'Order ABCD1234: 2 adult, 1 child. Dinner, music and dance.',
  organizerName: 'Spice Route',
  organizerEmail: 'hello@spiceroute.example',
};

/** The calendar file's lines (RFC 5545 ends each with CR LF). */
const linesOf = (ics: string) => ics.split('\r\n');

describe('calendar files', () => {
  it('F9: a calendar file escapes every CR, LF, `;` and `,` of a text and quotes the organiser name, so no value starts a property', () => {
    const ics = calendarEvent({
      ...EVENT,
      description: 'Music\rATTENDEE:mailto:x@evil.example\nMORE:1\r\nEND:VEVENT; a, b',
      summary: 'Diwali\rBEGIN:VALARM',
      organizerName: 'Spice "Route": Kitchen;X=1\r\nATTENDEE:mailto:y@evil.example',
      organizerEmail: 'hello@spiceroute.example\r\nATTENDEE:mailto:z@evil.example',
    });
    // No bare CR or LF: every line break is the CR LF between properties.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(ics);
    expect(lines.filter((line) => /^(ATTENDEE|MORE|BEGIN:VALARM)/.test(line))).toEqual([]);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines).toContain('DESCRIPTION:Music\\nATTENDEE:mailto:x@evil.example\\nMORE:1\\nEND:VEVENT\\; a\\, b');
    expect(lines).toContain('SUMMARY:Diwali\\nBEGIN:VALARM');
    const organizer = lines.find((line) => line.startsWith('ORGANIZER'));
    expect(organizer).toBe(
      'ORGANIZER;CN="Spice \'Route\': Kitchen;X=1  ATTENDEE:mailto:y@evil.example":mailto:hello@spiceroute.exampleATTENDEEmailtoz@evil.example',
    );
  });

  it('writes an ordinary event as before, with the organiser name quoted', () => {
    const lines = linesOf(calendarEvent(EVENT));
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Festival//Party tickets//EN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('DTSTART:20261108T010000Z');
    expect(lines).toContain('SUMMARY:Diwali Night · Spice Route');
    expect(lines).toContain('LOCATION:Spice Route\\, 1 Main St\\, Springfield');
    expect(lines).toContain('ORGANIZER;CN="Spice Route":mailto:hello@spiceroute.example');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });
});
