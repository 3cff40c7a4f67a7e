import {
  dashboardFilterQuery,
  dashboardFilterSchema,
  filterInstants,
  isCalendarDate,
  nextCalendarDate,
  startSeasonRequestSchema,
} from './seasons.js';

describe('seasons', () => {
  it('knows a real calendar date written YYYY-MM-DD', () => {
    expect(isCalendarDate('2027-10-30')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('30/10/2027')).toBe(false);
  });

  it('counts to the next day across months and years', () => {
    expect(nextCalendarDate('2026-10-31')).toBe('2026-11-01');
    expect(nextCalendarDate('2026-12-31')).toBe('2027-01-01');
  });

  it('reads the filter from a query string, refusing unknown shapes and a To before From', () => {
    expect(dashboardFilterSchema.parse({ eventId: '2', from: '2026-10-01', to: '2026-10-31', limit: '100' })).toEqual({
      eventId: 2,
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(dashboardFilterSchema.parse({})).toEqual({});
    expect(dashboardFilterSchema.safeParse({ eventId: 'two' }).error?.issues[0].message).toBe('eventId must be the id of an event');
    expect(dashboardFilterSchema.safeParse({ from: '2026-10-02', to: '2026-10-01' }).error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'To cannot be before From',
    });
  });

  it('turns days in the party’s time zone into instants: from its midnight to the next midnight after To', () => {
    // Los Angeles is on daylight time (UTC-7) on October 1 and standard time (UTC-8) on November 2.
    const { since, until } = filterInstants({ from: '2026-10-01', to: '2026-11-01' }, 'America/Los_Angeles');
    expect(since?.toISOString()).toBe('2026-10-01T07:00:00.000Z');
    expect(until?.toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(filterInstants({}, 'America/Los_Angeles')).toEqual({ since: null, until: null });
  });

  it('writes the filter as the API’s query string', () => {
    expect(dashboardFilterQuery({})).toBe('');
    expect(dashboardFilterQuery({ eventId: 2, to: '2026-10-31' })).toBe('?eventId=2&to=2026-10-31');
  });

  it('takes a next event with a title and a date, and the closing event’s name as typed', () => {
    expect(
      startSeasonRequestSchema.parse({ name: ' Diwali DJ Night 2027 ', date: '2027-10-30', closingSeasonName: ' Diwali DJ Night ' }),
    ).toEqual({
      name: 'Diwali DJ Night 2027',
      date: '2027-10-30',
      closingSeasonName: ' Diwali DJ Night ',
    });
    expect(startSeasonRequestSchema.safeParse({ name: 'x', date: 'tomorrow', closingSeasonName: 'x' }).error?.issues[0].message).toBe(
      'Date must be a date such as 2027-10-30',
    );
    expect(startSeasonRequestSchema.safeParse({ name: 'x', date: '2027-10-30' }).error?.issues[0]).toMatchObject({
      path: ['closingSeasonName'],
      message: 'Required',
    });
  });
});
