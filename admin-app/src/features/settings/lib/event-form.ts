import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { EventSettings } from '@festival/contracts';

dayjs.extend(utc);
dayjs.extend(timezone);

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

const WALL = 'YYYY-MM-DD HH:mm';
const wallClock = (iso: string, timeZone: string): Dayjs => dayjs(dayjs(iso).tz(timeZone).format(WALL), WALL);

export function eventForm(event: EventSettings): EventForm {
  const starts = wallClock(event.startsAt, event.timeZone);
  return { ...event, date: starts.startOf('day'), startsAt: starts, endsAt: wallClock(event.endsAt, event.timeZone) };
}

/** The form as the section's ISO 8601 date-times with the zone's offset on that date; checked by the caller. */
export function eventSettingsOf(form: EventForm): EventSettings {
  const { date, startsAt, endsAt, ...rest } = form;
  if (!date || !startsAt || !endsAt) return { ...rest, startsAt: '', endsAt: '' };
  const at = (time: Dayjs, day: Dayjs) => dayjs.tz(`${day.format('YYYY-MM-DD')} ${time.format('HH:mm')}`, WALL, form.timeZone);
  const starts = at(startsAt, date);
  const endsSameDay = at(endsAt, date);
  const ends = endsSameDay.isAfter(starts) ? endsSameDay : at(endsAt, date.add(1, 'day'));
  return { ...rest, startsAt: starts.format(), endsAt: ends.format() };
}
