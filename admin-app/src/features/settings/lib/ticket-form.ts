import dayjs, { type Dayjs } from 'dayjs';
import { isoToZonedWallTime, zonedWallTimeToIso, type TicketSettings } from '@festival/contracts';

/** The wall-clock format the sale window is typed in (the party's time zone). */
export const SALE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The Tickets form: the section's own field names (so the server's errors land beside them) in
 * the manager's units: dollars, percent, minutes, and the sale window as wall-clock times in the
 * party's time zone.
 */
export interface TicketForm {
  adultPriceCents: number;
  childPriceCents: number;
  childMinAge: number;
  childMaxAge: number;
  capacity: number;
  saleOpensAt: Dayjs | null;
  saleClosesAt: Dayjs | null;
  groupDiscountTiers: { minTickets: number; percent: number }[];
  taxRateBasisPoints: number;
  holdSeconds: number;
  waitlistOfferHours: number;
}

/** An instant as the same wall-clock time in the browser's zone (what the date picker shows). */
const wallClock = (iso: string | null, timeZone: string): Dayjs | null => (iso ? dayjs(isoToZonedWallTime(iso, timeZone)) : null);

/** A wall-clock time in the party's zone as an ISO 8601 date-time with its offset. */
const instant = (value: Dayjs | null | undefined, timeZone: string): string | null =>
  value ? zonedWallTimeToIso(value.format('YYYY-MM-DDTHH:mm'), timeZone) : null;

export function ticketForm(tickets: TicketSettings, timeZone: string): TicketForm {
  return {
    ...tickets,
    adultPriceCents: tickets.adultPriceCents / 100,
    childPriceCents: tickets.childPriceCents / 100,
    saleOpensAt: wallClock(tickets.saleOpensAt, timeZone),
    saleClosesAt: wallClock(tickets.saleClosesAt, timeZone),
    taxRateBasisPoints: tickets.taxRateBasisPoints / 100,
    holdSeconds: tickets.holdSeconds / 60,
  };
}

/** The form back in the section's units: integer cents, basis points, seconds. Checked by the caller. */
export function ticketSettingsOf(form: TicketForm, timeZone: string): TicketSettings {
  const times = (value: number) => (typeof value === 'number' ? value : Number.NaN);
  return {
    adultPriceCents: Math.round(times(form.adultPriceCents) * 100),
    childPriceCents: Math.round(times(form.childPriceCents) * 100),
    childMinAge: times(form.childMinAge),
    childMaxAge: times(form.childMaxAge),
    capacity: times(form.capacity),
    saleOpensAt: instant(form.saleOpensAt, timeZone),
    saleClosesAt: instant(form.saleClosesAt, timeZone),
    groupDiscountTiers: (form.groupDiscountTiers ?? []).map((tier) => ({
      minTickets: times(tier?.minTickets),
      percent: times(tier?.percent),
    })),
    taxRateBasisPoints: Math.round(times(form.taxRateBasisPoints) * 100),
    holdSeconds: Math.round(times(form.holdSeconds) * 60),
    waitlistOfferHours: times(form.waitlistOfferHours),
  };
}
