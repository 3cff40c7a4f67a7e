import type { FeastPacksSettings, FeastPacksUpdate } from '@festival/contracts';

/** A pack as the form edits it: the price in dollars. */
export interface FeastPackForm {
  id?: string;
  name: string;
  description: string;
  price: number | null;
  vegetarian: boolean;
  hidden: boolean;
}

/** A pickup time as the form edits it; `sold` is shown, never sent. */
export interface FeastSlotForm {
  id?: string;
  date: string;
  time: string;
  capacity: number | null;
  sold: number;
}

/**
 * The `Feast packs` form: the section's own field names (so the schema's and the server's errors
 * land beside them), prices in dollars.
 */
export interface FeastPacksForm {
  open: boolean;
  packs: FeastPackForm[];
  slots: FeastSlotForm[];
}

export const NEW_PACK: FeastPackForm = { name: '', description: '', price: null, vegetarian: false, hidden: false };
export const NEW_SLOT: FeastSlotForm = { date: '', time: '', capacity: null, sold: 0 };

export function feastPacksForm(settings: FeastPacksSettings): FeastPacksForm {
  return {
    open: settings.open,
    packs: settings.packs.map(({ id, name, description, price, vegetarian, hidden }) => ({
      id,
      name,
      description,
      price: price / 100,
      vegetarian,
      hidden,
    })),
    slots: settings.slots.map(({ id, date, time, capacity, sold }) => ({ id, date, time, capacity, sold })),
  };
}

const numberOr = (value: unknown, scale = 1): number => (typeof value === 'number' ? Math.round(value * scale) : Number.NaN);

/** The form back as the section: integer cents, no `sold`, no empty ids. Checked by the caller. */
export function feastPacksUpdateOf(form: Partial<FeastPacksForm>): FeastPacksUpdate {
  return {
    open: Boolean(form.open),
    packs: (form.packs ?? []).map((pack) => ({
      ...(pack?.id ? { id: pack.id } : {}),
      name: pack?.name ?? '',
      description: pack?.description ?? '',
      price: numberOr(pack?.price, 100),
      vegetarian: Boolean(pack?.vegetarian),
      hidden: Boolean(pack?.hidden),
    })),
    slots: (form.slots ?? []).map((slot) => ({
      ...(slot?.id ? { id: slot.id } : {}),
      date: slot?.date ?? '',
      time: slot?.time ?? '',
      capacity: numberOr(slot?.capacity),
    })),
  };
}
