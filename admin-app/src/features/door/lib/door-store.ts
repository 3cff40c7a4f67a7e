import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorSnapshot, OfflineAdmission } from '@festival/contracts';
import type { ScanEntry } from './door-types';

/** What the door page keeps on the phone: IndexedDB, so a reload while offline still has it. */
interface DoorDb extends DBSchema {
  /** The last snapshot of the paid orders, under the key `current`. */
  snapshot: { key: string; value: DoorSnapshot };
  /** Admissions made offline, waiting to be uploaded, by their admissionId. */
  pending: { key: string; value: OfflineAdmission };
  /** The last ten scans shown on the page, under the key `list`. */
  recent: { key: string; value: ScanEntry[] };
}

export interface DoorStore {
  loadSnapshot(): Promise<DoorSnapshot | null>;
  saveSnapshot(snapshot: DoorSnapshot): Promise<void>;
  pending(): Promise<OfflineAdmission[]>;
  addPending(admission: OfflineAdmission): Promise<void>;
  removePending(admissionIds: string[]): Promise<void>;
  loadRecent(): Promise<ScanEntry[]>;
  saveRecent(scans: ScanEntry[]): Promise<void>;
  /** Removes everything kept (at sign-out): the guest list, the queue and the last scans. */
  clear(): Promise<void>;
}

export const DOOR_DB_NAME = 'festival-door';
const DB_NAME = DOOR_DB_NAME;

/** The door's IndexedDB database (`festival-door`). */
export function openDoorStore(): DoorStore {
  let db: Promise<IDBPDatabase<DoorDb>> | null = null;
  const open = () =>
    (db ??= openDB<DoorDb>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('snapshot');
        database.createObjectStore('pending', { keyPath: 'admissionId' });
        database.createObjectStore('recent');
      },
      // Another tab deleting the database (a sign-out there): let it.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
      },
    }));
  return {
    loadSnapshot: async () => (await (await open()).get('snapshot', 'current')) ?? null,
    saveSnapshot: async (snapshot) => {
      await (await open()).put('snapshot', snapshot, 'current');
    },
    pending: async () => (await (await open()).getAll('pending')).sort((a, b) => a.at.localeCompare(b.at)),
    addPending: async (admission) => {
      await (await open()).put('pending', admission);
    },
    removePending: async (admissionIds) => {
      const tx = (await open()).transaction('pending', 'readwrite');
      await Promise.all([...admissionIds.map((id) => tx.store.delete(id)), tx.done]);
    },
    loadRecent: async () => (await (await open()).get('recent', 'list')) ?? [],
    saveRecent: async (scans) => {
      await (await open()).put('recent', scans, 'list');
    },
    clear: async () => {
      // Emptied first, so nothing is left even if another tab keeps the database open; then deleted.
      const database = await open();
      const tx = database.transaction(['snapshot', 'pending', 'recent'], 'readwrite');
      await Promise.all([tx.objectStore('snapshot').clear(), tx.objectStore('pending').clear(), tx.objectStore('recent').clear(), tx.done]);
      database.close();
      db = null;
      // A tab that does not let go must not hold up the sign-out: its data is already gone.
      await Promise.race([deleteDB(DB_NAME).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    },
  };
}

/** A store in memory (jsdom tests, or a browser without IndexedDB). */
export function memoryDoorStore(): DoorStore {
  let snapshot: DoorSnapshot | null = null;
  const pending = new Map<string, OfflineAdmission>();
  let recent: ScanEntry[] = [];
  return {
    loadSnapshot: async () => snapshot,
    saveSnapshot: async (next) => {
      snapshot = next;
    },
    pending: async () => [...pending.values()].sort((a, b) => a.at.localeCompare(b.at)),
    addPending: async (admission) => {
      pending.set(admission.admissionId, admission);
    },
    removePending: async (ids) => {
      for (const id of ids) pending.delete(id);
    },
    loadRecent: async () => recent,
    saveRecent: async (scans) => {
      recent = scans;
    },
    clear: async () => {
      snapshot = null;
      pending.clear();
      recent = [];
    },
  };
}
