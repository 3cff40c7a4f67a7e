// The guests' languages on the API's side (docs/languages.md, "E-mails and the API's catalogue"):
// what the guest e-mails, the refusals to guests and the translated pages' head tags are worded
// with. One Lingui instance per language, made once from the compiled catalogue (api/src/locales),
// and the locale Intl formats that language's dates with. English is the source: its e-mails and
// answers are worded exactly as they were before the other languages came.
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import Handlebars from 'handlebars';
import {
  findSiteRoute,
  formatSaleDate,
  isLanguage,
  LANGUAGE_LOCALES,
  LANGUAGES,
  pathInLanguage,
  pickupDateIn,
  pickupTimeIn,
  SOURCE_LANGUAGE,
  type Language,
} from '@festival/contracts';
import { messages } from '../locales/messages.generated.js';

/** HTML already escaped (a link, a bold value) that a message's placeholder takes as it is. */
export class SafeHtml {
  constructor(readonly html: string) {}
}

/** A message's values: text (escaped in HTML), a number (plurals, digits) or HTML already safe. */
export type MessageValues = Readonly<Record<string, string | number | SafeHtml | null | undefined>>;

/** What a value becomes in HTML: handlebars' own escaping, as the templates escape their values. */
export type ValueEscaper = (value: string) => string;

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** A message's own words in HTML, in content or a double-quoted attribute (an apostrophe stays as written). */
const escapeWords = (text: string): string => text.replace(/[&<>"]/g, (c) => TEXT_ENTITIES[c]!);
/** A value's numbered slot in a formatted message: characters of Unicode's private use, in no message. */
const slot = (index: number) => `\uE000${index}\uE001`;
const SLOT = /\uE000(\d+)\uE001/g;

/** When the party starts and ends on its day, in a language other than English (GuestLanguage.eventLabels). */
const HOURS: MessageDescriptor = /*i18n*/ {
  id: 'mail.hours',
  message: '{start} to {end}',
  comment: 'When the party starts and ends on its day (start and end are times such as 7:00 PM).',
};

/** One of the guests' languages: its messages, its locale and its ways of saying dates. */
export class GuestLanguage {
  /** The BCP 47 locale Intl formats this language's dates with (`hi-IN`). */
  readonly locale: string;

  constructor(
    readonly language: Language,
    readonly i18n: I18n,
  ) {
    this.locale = LANGUAGE_LOCALES[language];
  }

  /** English, the source. */
  get isSource(): boolean {
    return this.language === SOURCE_LANGUAGE;
  }

  /** A message as plain text (a subject, a text part, the calendar file). */
  text(descriptor: MessageDescriptor, values: MessageValues = {}): string {
    return this.format(descriptor, values, (words) => words, String);
  }

  /**
   * A message as HTML: its words escaped, each text value escaped by `escapeValue` (handlebars'
   * escaping unless told), a SafeHtml value as it is.
   */
  html(descriptor: MessageDescriptor, values: MessageValues = {}, escapeValue: ValueEscaper = Handlebars.escapeExpression): string {
    return this.format(descriptor, values, escapeWords, escapeValue);
  }

  /**
   * The values go in after the message is formatted, through numbered slots: Lingui never sees a
   * guest's or a manager's text (it would read `\u0041` in a name as an escape), and HTML escaping
   * tells the message's words from its values. Numbers go to Lingui, for plurals.
   */
  private format(descriptor: MessageDescriptor, values: MessageValues, words: (text: string) => string, escapeValue: ValueEscaper): string {
    const slots: string[] = [];
    const passed: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      if (value === null || value === undefined) continue;
      if (typeof value === 'number') {
        passed[name] = value;
        continue;
      }
      slots.push(value instanceof SafeHtml ? value.html : escapeValue(value));
      passed[name] = slot(slots.length - 1);
    }
    // (Not `this.i18n._`: the extractor would take this call for a message of its own.)
    const lingui = this.i18n;
    return words(lingui._({ ...descriptor, values: passed })).replace(SLOT, (_, index: string) => slots[Number(index)]!);
  }

  /** The party's date and hours (`Friday, October 24, 2025` and `7:00 PM to 11:00 PM`), in its time zone. */
  eventLabels(party: { startsAt: string; endsAt: string; timeZone: string; dateLabel: string; timeLabel: string }): {
    dateLabel: string;
    timeLabel: string;
  } {
    // English keeps the site's own labels, exactly as the e-mails always said them.
    if (this.isSource) return { dateLabel: party.dateLabel, timeLabel: party.timeLabel };
    const { timeZone } = party;
    const date = new Intl.DateTimeFormat(this.locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    const time = new Intl.DateTimeFormat(this.locale, { timeZone, hour: 'numeric', minute: '2-digit' });
    return {
      dateLabel: date.format(new Date(party.startsAt)),
      timeLabel: this.text(HOURS, { start: time.format(new Date(party.startsAt)), end: time.format(new Date(party.endsAt)) }),
    };
  }

  /** A moment with its weekday, date and time (`Tuesday, September 1, 2026 at 10:00 AM`), in the party's time zone. */
  dateTime(at: Date, timeZone: string): string {
    return formatSaleDate(at.toISOString(), timeZone, this.locale);
  }

  /** A moment as a receipt dates it (`Oct 24, 2025, 8:15 PM`), in the party's time zone. */
  receiptTime(at: Date, timeZone: string): string {
    return new Intl.DateTimeFormat(this.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
  }

  /** A pickup day (`2026-11-07`: a calendar date, no time zone) as `Saturday, November 7, 2026`. */
  pickupDate(date: string): string {
    return pickupDateIn(date, this.language);
  }

  /** A pickup time on the wall (`13:30`) as `1:30 PM`. */
  pickupTime(time: string): string {
    return pickupTimeIn(time, this.language);
  }

  /**
   * A link to a guest page, in this language when the page is translated (`/drinks?ticket=…` is
   * `/hi/drinks?ticket=…`); any other link as it is.
   */
  pageLink(url: string): string {
    if (this.isSource) return url;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || !findSiteRoute(parsed.pathname)?.translated) return url;
    return `${parsed.origin}${pathInLanguage(`${parsed.pathname}${parsed.search}${parsed.hash}`, this.language)}`;
  }
}

const LANGUAGE_INSTANCES = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    new GuestLanguage(
      language,
      setupI18n({ locale: language, locales: [LANGUAGE_LOCALES[language]], messages: { [language]: messages[language] } }),
    ),
  ]),
) as Record<Language, GuestLanguage>;

/** The language of an order's `language` column (or a request's): English for anything else. */
export function guestLanguage(language: string | null | undefined): GuestLanguage {
  return LANGUAGE_INSTANCES[isLanguage(language) ? language : SOURCE_LANGUAGE];
}
