import './zod-setup.js';
import { z } from 'zod';
import { isoToZonedWallTime, zonedWallTimeToIso } from './settings.js';

/**
 * Seasons (docs/settings.md): each year's party is a season. One is on sale (the guest pages,
 * new orders, tabs and visits belong to it); the earlier ones are past and read-only. On the wire
 * they keep their first name (`/api/admin/events`, `events`, `eventId`); the staff pages say
 * `Event` and `Start next event`.
 */
export type SeasonStatus = 'on-sale' | 'past';

export interface Season {
  id: number;
  name: string;
  /** The party's date, `YYYY-MM-DD` in its time zone. */
  date: string;
  status: SeasonStatus;
  createdAt: string;
}

/** `GET /api/admin/events`: newest first; `current` is the one on sale. */
export interface SeasonsResponse {
  events: Season[];
  current: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const calendarDate = (label: string) => z.string().refine(isCalendarDate, `${label} must be a date such as 2027-10-30`);

/**
 * `POST /api/admin/events` (`Start next event`): the new season's title and date, and the name
 * of the season on sale typed out by the manager to confirm that it ends (the API compares it exactly).
 */
export const startSeasonRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Title is required').max(80, 'Title cannot be longer than 80 characters'),
  date: calendarDate('Date'),
  closingSeasonName: z.string(),
});
export type StartSeasonRequest = z.infer<typeof startSeasonRequestSchema>;

/**
 * The dashboard's filter, on every staff report: which event (the one on sale without one) and
 * the days `from`–`to` (both included, in the party's time zone; either may be left out).
 */
export const dashboardFilterSchema = z
  .object({
    eventId: z
      .string()
      .regex(/^\d{1,9}$/, 'eventId must be the id of an event')
      .transform(Number)
      .optional(),
    from: calendarDate('From').optional(),
    to: calendarDate('To').optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: 'To cannot be before From',
    path: ['to'],
  });
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

/** An event's date (`YYYY-MM-DD`): the day it starts on in its time zone. */
export function partyDateOf({ startsAt, timeZone }: { startsAt: string; timeZone: string }): string {
  return isoToZonedWallTime(startsAt, timeZone).slice(0, 10);
}

/** The next day of a `YYYY-MM-DD` date. */
export function nextCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The instants a `from`–`to` filter covers in `timeZone`: from the start of `from` (included) to
 * the start of the day after `to` (excluded); an open end is null.
 */
export function filterInstants(filter: Pick<DashboardFilter, 'from' | 'to'>, timeZone: string): { since: Date | null; until: Date | null } {
  const at = (date: string) => new Date(zonedWallTimeToIso(`${date}T00:00`, timeZone)!);
  return {
    since: filter.from ? at(filter.from) : null,
    until: filter.to ? at(nextCalendarDate(filter.to)) : null,
  };
}

/** The query string of a filter (`?eventId=2&from=2026-10-01`), empty without one. */
export function dashboardFilterQuery(filter: { eventId?: number; from?: string; to?: string }): string {
  // Ids and dates need no escaping.
  const parts: string[] = [];
  if (filter.eventId !== undefined) parts.push(`eventId=${filter.eventId}`);
  if (filter.from) parts.push(`from=${filter.from}`);
  if (filter.to) parts.push(`to=${filter.to}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
