import { FEAST_FUNNEL_STEPS, PARTY_FUNNEL_STEPS, type FunnelEntry } from '@festival/contracts';

export interface FunnelStep {
  eventType: string;
  label: string;
}

/** The feast pack funnel's steps and their labels, in order. */
export const FEAST_FUNNEL: readonly FunnelStep[] = FEAST_FUNNEL_STEPS.map((eventType, i) => ({
  eventType,
  label: ['Page Views', 'Added to Cart', 'Started Checkout', 'Completed Orders'][i],
}));

/** The party ticket funnel's steps and their labels, in order. */
export const PARTY_FUNNEL: readonly FunnelStep[] = PARTY_FUNNEL_STEPS.map((eventType, i) => ({
  eventType,
  label: ['Page Views', 'Added Tickets', 'Started Checkout', 'Completed Orders'][i],
}));

export interface FunnelBar extends FunnelStep {
  count: number;
}

/** The events counted at each step (0 for a step with none yet). */
export function funnelBars(entries: readonly FunnelEntry[], steps: readonly FunnelStep[]): FunnelBar[] {
  const counts = new Map(entries.map((e) => [e.eventType, e.count]));
  return steps.map((step) => ({ ...step, count: counts.get(step.eventType) ?? 0 }));
}

/** The label of a funnel step's event type, for the event dialog's title. */
export function stepLabel(eventType: string): string {
  return [...FEAST_FUNNEL, ...PARTY_FUNNEL].find((s) => s.eventType === eventType)?.label ?? eventType;
}

export interface DropOff {
  /** Carts not (yet) bought: add-to-cart events minus completed orders, at least 0. */
  inCart: number;
  /** Checkouts not completed: checkout events minus completed orders, at least 0. */
  inCheckout: number;
  /** The orders (feast packs) or ticket orders (party). */
  completed: number;
}

/** Funnel drop-off: how many stopped at the cart and at the checkout, floored at 0. */
export function dropOff(entries: readonly FunnelEntry[], cartEvent: string, checkoutEvent: string, completed: number): DropOff {
  const count = (eventType: string) => entries.find((e) => e.eventType === eventType)?.count ?? 0;
  return {
    inCart: Math.max(0, count(cartEvent) - completed),
    inCheckout: Math.max(0, count(checkoutEvent) - completed),
    completed,
  };
}
