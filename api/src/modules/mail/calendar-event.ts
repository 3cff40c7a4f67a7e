// The calendar file attached to the order e-mails (`.ics`, RFC 5545).

function icsDate(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value: backslash, `;` and `,` escaped, and every line break (CR LF, a lone CR or LF) written as `\n`, so no value can start a property of its own. */
function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (the organiser's name): quoted, without the characters a quoted value cannot hold (DQUOTE, control characters). */
function icsParam(value: string): string {
  return `"${value.replace(/"/g, "'").replace(/\p{Cc}/gu, ' ')}"`;
}

/** An address after `mailto:`: no line breaks, quotes or separators that would end the property. */
function icsAddress(value: string): string {
  return value.replace(/[\p{Cc}";:,]/gu, '');
}

/** An RFC 5545 calendar event: the party (tickets' e-mail and page) or a feast pickup time. */
export function calendarEvent(input: {
  uid: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  location: string;
  description: string;
  organizerName: string;
  organizerEmail: string;
}): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Festival//Party tickets//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${icsDate(new Date().toISOString())}`,
    `DTSTART:${icsDate(input.startsAt)}`,
    `DTEND:${icsDate(input.endsAt)}`,
    `SUMMARY:${icsText(input.summary)}`,
    `LOCATION:${icsText(input.location)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    `ORGANIZER;CN=${icsParam(input.organizerName)}:mailto:${icsAddress(input.organizerEmail)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
