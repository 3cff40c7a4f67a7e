// The calendar file attached to the order e-mails (`.ics`, RFC 5545), written by ical-generator:
// it escapes every TEXT value, folds lines at 75 octets without splitting a character and writes
// the times in UTC (`…Z`), which every calendar shows in its owner's own zone.
import ical, { ICalCalendarMethod } from 'ical-generator';

/** The organiser's name is a quoted parameter value: no DQUOTE and no control character fits in one. */
function paramValue(value: string): string {
  return value.replace(/"/g, "'").replace(/\p{Cc}/gu, ' ');
}

/** An address after `mailto:`: no line breaks, quotes or separators that would end the property. */
function address(value: string): string {
  return value.replace(/[\p{Cc}";:,]/gu, '');
}

/**
 * An RFC 5545 calendar event: the party (tickets' e-mail and page) or a feast pickup time. Its
 * texts are in the order's `language` (docs/languages.md), which the calendar's PRODID names.
 */
export function calendarEvent(input: {
  uid: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  location: string;
  description: string;
  organizerName: string;
  organizerEmail: string;
  language?: string;
}): string {
  const calendar = ical({
    prodId: { company: 'Festival', product: 'Party tickets', language: (input.language ?? 'en').toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: input.uid,
    start: new Date(input.startsAt),
    end: new Date(input.endsAt),
    summary: input.summary,
    location: input.location,
    description: input.description,
    organizer: { name: paramValue(input.organizerName), email: address(input.organizerEmail) },
  });
  // Every content line ends with CR LF, the last one too.
  return `${calendar.toString()}\r\n`;
}
