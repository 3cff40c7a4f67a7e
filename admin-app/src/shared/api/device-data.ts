import { useSyncExternalStore } from 'react';

/**
 * What a staff page keeps on the device for working offline (the door's guest list and its queue
 * of admissions made offline), and how it is sent and removed when the session ends
 * (docs/RELIABILITY.md, "Door sign-out").
 */
export interface DeviceData {
  /** Sends what can still be sent while the session lasts: how many were sent, how many could not be. */
  flush(): Promise<{ sent: number; unsent: number }>;
  /** Removes everything kept; answers whether anything was kept and how many unsent items it discarded. */
  clear(): Promise<{ kept: boolean; discarded: number }>;
}

let load: (() => Promise<DeviceData>) | null = null;
let notice: string | null = null;
/** What the sign-out's last upload sent, told with the notice once the data is gone. */
let flushedBeforeSignOut = 0;
const listeners = new Set<() => void>();

/** Set by the app: how to reach the data kept on the device (loaded only when needed). */
export function provideDeviceData(loader: () => Promise<DeviceData>): void {
  load = loader;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sentence the staff member sees once the device's data is gone. */
export function signOutNotice(sent: number, discarded: number): string {
  const parts = ['The door’s guest list was removed from this phone.'];
  if (sent > 0) parts.push(`${plural(sent, 'check-in made offline was', 'check-ins made offline were')} sent first.`);
  if (discarded > 0) {
    parts.push(
      `${plural(discarded, 'check-in made offline', 'check-ins made offline')} could not be sent and ${discarded === 1 ? 'was' : 'were'} discarded: tell the manager.`,
    );
  }
  return parts.join(' ');
}

function setNotice(text: string | null): void {
  notice = text;
  for (const listener of listeners) listener();
}

/** Before a voluntary sign-out: sends what the device still holds. */
export async function flushDeviceData(): Promise<{ sent: number; unsent: number }> {
  if (!load) return { sent: 0, unsent: 0 };
  try {
    const outcome = await (await load()).flush();
    flushedBeforeSignOut += outcome.sent;
    return outcome;
  } catch {
    return { sent: 0, unsent: 0 };
  }
}

/**
 * The session ended (a sign-out, a revoked pass, a 401): everything kept on the device goes, and
 * the login (or signed-out) page says so, with what the sign-out's last upload sent.
 */
export function clearDeviceData(): Promise<void> {
  // The end of a session is often reported more than once (the logout, then a poll's 401): one clearing.
  clearing ??= clearOnce().finally(() => {
    clearing = null;
  });
  return clearing;
}

let clearing: Promise<void> | null = null;

async function clearOnce(): Promise<void> {
  if (!load) return;
  const sent = flushedBeforeSignOut;
  flushedBeforeSignOut = 0;
  try {
    const { kept, discarded } = await (await load()).clear();
    // A later, emptier clearing does not hide what the first one said.
    if ((kept && notice === null) || sent > 0 || discarded > 0) setNotice(signOutNotice(sent, discarded));
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** The last sign-out's notice (null: nothing to say), until a new session starts. */
export function useSignOutNotice(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notice,
  );
}

/** A new session: the last one's notice is over. */
export function forgetSignOutNotice(): void {
  setNotice(null);
}
