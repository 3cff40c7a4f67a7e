import { formatCents, type Cents } from '@festival/contracts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeSeconds = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
const numbers = new Intl.NumberFormat('en-US');

/** `Oct 12, 2025, 2:03 PM` in the browser's time zone. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** `Oct 12, 2025`: the date of an event table's timestamp. */
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));

/** `2:03:15 PM`: the time of an event table's timestamp. */
export const formatTime = (iso: string): string => timeSeconds.format(new Date(iso));

/** `1,315`. */
export const formatCount = (n: number): string => numbers.format(n);

/** Cents as dollars with two decimals: `$43.74`. */
export const formatMoney = (cents: Cents): string => formatCents(cents);

/** Time on page: `850ms`, `42s`, or `3m 39s`. */
export function formatDuration(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  if (whole < 1000) return `${whole}ms`;
  const seconds = Math.floor(whole / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** `1 event`, `3 events`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/** The first `length` characters of an id, as tables show it. */
export const shortId = (id: string, length = 8): string => id.slice(0, length);
