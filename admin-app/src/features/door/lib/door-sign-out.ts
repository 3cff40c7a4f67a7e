import type { DeviceData } from '#shared/api/device-data.ts';
import { doorApi } from '../api/door-api';
import { DoorEngine } from './door-engine';
import { DOOR_DB_NAME, openDoorStore } from './door-store';
import { removeDoorServiceWorker } from './door-service-worker';

/** The engine of the door page while it is open (its sign-out stops it first). */
let active: DoorEngine | null = null;

export function setActiveDoorEngine(engine: DoorEngine | null): void {
  active = engine;
}

/** Whether this browser holds the door's database at all (so a sign-out does not create it). */
async function doorDataExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === DOOR_DB_NAME);
}

/** The door page open, or one made to reach what an earlier visit left on the phone. */
async function engineForSignOut(): Promise<DoorEngine | null> {
  if (active) return active;
  if (!(await doorDataExists())) return null;
  return new DoorEngine(openDoorStore(), doorApi, { browserOnline: () => true });
}

/**
 * The door's data on the phone at sign-out (docs/RELIABILITY.md, "Door sign-out"): the queue is
 * sent while the session lasts, then the guest list, the queue, the last scans and the service
 * worker's files are removed.
 */
export const doorDeviceData: DeviceData = {
  async flush() {
    const engine = await engineForSignOut();
    return engine ? engine.flush() : { sent: 0, unsent: 0 };
  },
  async clear() {
    const engine = await engineForSignOut();
    active = null;
    await removeDoorServiceWorker();
    if (!engine) return { kept: false, discarded: 0 };
    const discarded = await engine.clear();
    return { kept: true, discarded };
  },
};
