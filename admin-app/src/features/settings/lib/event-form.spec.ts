import { DEFAULT_SITE_CONFIG, type EventSettings } from '@festival/contracts';
import { eventForm, eventSettingsOf } from './event-form';

const { name, startsAt, endsAt, timeZone, venue, experience } = DEFAULT_SITE_CONFIG.party;
const EVENT: EventSettings = { name, startsAt, endsAt, timeZone, venue, experience };

describe('the Event form', () => {
  it('shows the party’s date and times on its own clock and saves them back exactly', () => {
    const form = eventForm(EVENT);
    expect(form.date?.format('YYYY-MM-DD')).toBe('2025-10-24');
    expect(form.startsAt?.format('h:mm A')).toBe('7:00 PM');
    expect(form.endsAt?.format('h:mm A')).toBe('11:00 PM');
    expect(eventSettingsOf(form)).toEqual(EVENT);
  });

  it('puts an end time at or before the start on the next day, with that date’s offset', () => {
    const form = eventForm(EVENT);
    const late = { ...form, date: form.date!.add(1, 'day'), endsAt: form.endsAt!.hour(1).minute(30) };
    expect(eventSettingsOf(late)).toMatchObject({ startsAt: '2025-10-25T19:00:00-07:00', endsAt: '2025-10-26T01:30:00-07:00' });
    const winter = { ...form, date: form.date!.add(60, 'day') };
    expect(eventSettingsOf(winter)).toMatchObject({ startsAt: '2025-12-23T19:00:00-08:00', endsAt: '2025-12-23T23:00:00-08:00' });
  });
});
