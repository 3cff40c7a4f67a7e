import {
  isoToZonedWallTime,
  zonedWallTimeToIso,
  type AdminTicketTypesResponse,
  type BuiltInTicketType,
  type TicketTypesRequest,
} from '@festival/contracts';

/** An early-bird step as the form edits it: the price in dollars, `until` a wall-clock time in the event's zone. */
export interface PriceStepForm {
  until: string;
  price: number | null;
}

/**
 * A ticket type as the form edits it: the request's own field names (so the schema's and the
 * server's errors land beside them), prices in dollars, times as `datetime-local` values
 * (`2026-09-01T10:00`) in the event's time zone. `builtIn` and `taken` are shown, never sent.
 */
export interface TicketTypeForm {
  id?: number;
  builtIn: BuiltInTicketType | null;
  name: string;
  description: string;
  price: number | null;
  seats: number | null;
  capacity: number | null;
  salesStart: string;
  salesEnd: string;
  priceSteps: PriceStepForm[];
  hidden: boolean;
  taken: number;
}

export interface TicketTypesForm {
  types: TicketTypeForm[];
}

export const NEW_TICKET_TYPE: TicketTypeForm = {
  builtIn: null,
  name: '',
  description: '',
  price: null,
  seats: 1,
  capacity: null,
  salesStart: '',
  salesEnd: '',
  priceSteps: [],
  hidden: false,
  taken: 0,
};

export const NEW_PRICE_STEP: PriceStepForm = { until: '', price: null };

const wallTime = (iso: string | null, timeZone: string): string => (iso ? isoToZonedWallTime(iso, timeZone) : '');

export function ticketTypesForm({ types, timeZone }: AdminTicketTypesResponse): TicketTypesForm {
  return {
    types: types.map((type) => ({
      id: type.id,
      builtIn: type.builtIn,
      name: type.name,
      description: type.description,
      price: type.price / 100,
      seats: type.seats,
      capacity: type.capacity,
      salesStart: wallTime(type.salesStart, timeZone),
      salesEnd: wallTime(type.salesEnd, timeZone),
      priceSteps: type.priceSteps.map((step) => ({ until: wallTime(step.until, timeZone), price: step.price / 100 })),
      hidden: type.hidden,
      taken: type.taken,
    })),
  };
}

const numberOr = (value: unknown, scale = 1): number => (typeof value === 'number' ? Math.round(value * scale) : Number.NaN);

/** A wall-clock time in the event's zone with its offset; what is not one is kept for the schema to refuse. */
const instant = (value: string | undefined, timeZone: string): string => (value ? (zonedWallTimeToIso(value, timeZone) ?? value) : '');
const optionalInstant = (value: string | undefined, timeZone: string): string | null => (value ? instant(value, timeZone) : null);

/** The form back as the request: integer cents, instants with their offset, no `builtIn`/`taken`, no empty ids. Checked by the caller. */
export function ticketTypesRequestOf(form: Partial<TicketTypesForm>, timeZone: string): TicketTypesRequest {
  return {
    types: (form.types ?? []).map((type) => ({
      ...(type?.id ? { id: type.id } : {}),
      name: type?.name ?? '',
      description: type?.description ?? '',
      price: numberOr(type?.price, 100),
      seats: numberOr(type?.seats),
      capacity: typeof type?.capacity === 'number' ? type.capacity : null,
      salesStart: optionalInstant(type?.salesStart, timeZone),
      salesEnd: optionalInstant(type?.salesEnd, timeZone),
      priceSteps: (type?.priceSteps ?? []).map((step) => ({ until: instant(step?.until, timeZone), price: numberOr(step?.price, 100) })),
      hidden: Boolean(type?.hidden),
    })),
  };
}
