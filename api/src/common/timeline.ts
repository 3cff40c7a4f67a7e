import type { ActivityEntry, StaffRole } from '@festival/contracts';

/**
 * One step of an order's (or a tab's) history as the `Order details` show it: what happened,
 * when, who did it (`Guest`, `Manager`, a device's name, `Stripe`, `System`) and in what role.
 * The party and drinks timelines are both made of these.
 */
export interface TimelineStep<K extends string = string> {
  kind: K;
  at: string;
  who: string;
  role: StaffRole | null;
  detail: string | null;
}

/** `who` of what the guest did themselves (ordered, paid, opened a tab). */
export const GUEST_WHO = 'Guest';
/** `who` of what the site did on its own (an e-mail, an automatic refund or close). */
export const SYSTEM_WHO = 'System';

/** A step the guest made at `at`. */
export function guestStep<K extends string>(kind: K, at: Date, detail: string | null): TimelineStep<K> {
  return { kind, at: at.toISOString(), who: GUEST_WHO, role: null, detail };
}

/** A step of the activity log: when, who and in what role as recorded; its detail unless another is given. */
export function activityStep<K extends string>(
  kind: K,
  entry: Pick<ActivityEntry, 'at' | 'who' | 'role' | 'detail'>,
  detail: string | null = entry.detail,
): TimelineStep<K> {
  return { kind, at: entry.at, who: entry.who, role: entry.role, detail };
}

/** Oldest first; steps at the same moment keep the order they were added in (the sort is stable). */
export function inTimeOrder<T extends { at: string }>(steps: T[]): T[] {
  return steps.sort((a, b) => a.at.localeCompare(b.at));
}
