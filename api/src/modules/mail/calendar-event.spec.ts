import ICAL from 'ical.js';
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

/** The calendar file read back by a calendar parser: its one event. */
function parsedEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = events[0]!;
  const text = (name: string) => String(event.getFirstPropertyValue(name));
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return { event, text, time };
}

describe('calendar files', () => {
  it('F9: a calendar file escapes every CR, LF, `;` and `,` of a text and quotes the organiser name, so no value starts a property', () => {
    const description = 'Music\rATTENDEE:mailto:x@evil.example\nMORE:1\r\nEND:VEVENT; a, b';
    const ics = calendarEvent({
      ...EVENT,
      description,
      summary: 'Diwali\rBEGIN:VALARM',
      organizerName: 'Spice "Route": Kitchen;X=1\r\nATTENDEE:mailto:y@evil.example',
      organizerEmail: 'hello@spiceroute.example\r\nATTENDEE:mailto:z@evil.example',
    });
    // No bare CR or LF: every line break is the CR LF between properties.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(ics);
    expect(lines.filter((line) => /^(ATTENDEE|MORE|BEGIN:VALARM)/.test(line))).toEqual([]);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    const { event, text } = parsedEvent(ics);
    expect(event.getAllProperties().map((property) => property.name)).not.toContain('attendee');
    expect(event.getAllSubcomponents()).toEqual([]);
    expect(text('description')).toBe(description.replace(/\r\n|\r/g, '\n'));
    expect(text('summary')).toBe('Diwali\nBEGIN:VALARM');
    const organizer = event.getFirstProperty('organizer')!;
    expect(organizer.getParameter('cn')).toBe("Spice 'Route': Kitchen;X=1  ATTENDEE:mailto:y@evil.example");
    expect(organizer.getFirstValue()).toBe('mailto:hello@spiceroute.exampleATTENDEEmailtoz@evil.example');
  });

  it('folds a 200-character description into lines of at most 75 octets that read back as the same text, start and end', () => {
    const description = `Order ABCD1234: ${'Dinner, music; dance — ünd mehr. '.repeat(6)}`.slice(0, 200);
    expect(description).toHaveLength(200);
    const ics = calendarEvent({ ...EVENT, description });
    const lines = linesOf(ics);
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line, 'utf8')))).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(1);
    const { text, time } = parsedEvent(ics);
    expect(text('description')).toBe(description);
    expect(time('dtstart')).toBe(EVENT.startsAt);
    expect(time('dtend')).toBe(EVENT.endsAt);
  });

  it('writes an ordinary event with its times in UTC and the organiser name quoted', () => {
    const ics = calendarEvent(EVENT);
    const lines = linesOf(ics);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Festival//Party tickets//EN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines).toContain('UID:order-1@festival');
    expect(lines).toContain('DTSTART:20261108T010000Z');
    expect(lines).toContain('DTEND:20261108T050000Z');
    expect(lines).toContain('SUMMARY:Diwali Night · Spice Route');
    expect(lines).toContain('LOCATION:Spice Route\\, 1 Main St\\, Springfield');
    expect(lines).toContain('ORGANIZER;CN="Spice Route":mailto:hello@spiceroute.example');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
    const { text } = parsedEvent(ics);
    expect(text('location')).toBe(EVENT.location);
  });
});
