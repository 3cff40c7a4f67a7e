import dayjs, { type Dayjs } from 'dayjs';
import { isoToZonedWallTime, zonedWallTimeToIso, type EventSettings } from '@festival/contracts';

/**
 * The Event form: the date and the start and end times as the party's wall clock (pickers show
 * them in the browser's zone, so they hold the same wall-clock values), the rest as saved.
 * An end time at or before the start time is on the next day (a party until 1 AM).
 */
export interface EventForm extends Omit<EventSettings, 'startsAt' | 'endsAt'> {
  date: Dayjs | null;
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
}

const wallClock = (iso: string, timeZone: string): Dayjs => dayjs(isoToZonedWallTime(iso, timeZone));

export function eventForm(event: EventSettings): EventForm {
  const starts = wallClock(event.startsAt, event.timeZone);
  return { ...event, date: starts.startOf('day'), startsAt: starts, endsAt: wallClock(event.endsAt, event.timeZone) };
}

/** The form as the section's ISO 8601 date-times with the zone's offset on that date; checked by the caller. */
export function eventSettingsOf(form: EventForm): EventSettings {
  const { date, startsAt, endsAt, ...rest } = form;
  if (!date || !startsAt || !endsAt) return { ...rest, startsAt: '', endsAt: '' };
  const at = (time: Dayjs, day: Dayjs) => zonedWallTimeToIso(`${day.format('YYYY-MM-DD')}T${time.format('HH:mm')}`, form.timeZone) ?? '';
  const starts = at(startsAt, date);
  const endsSameDay = at(endsAt, date);
  const ends = Date.parse(endsSameDay) > Date.parse(starts) ? endsSameDay : at(endsAt, date.add(1, 'day'));
  return { ...rest, startsAt: starts, endsAt: ends };
}
