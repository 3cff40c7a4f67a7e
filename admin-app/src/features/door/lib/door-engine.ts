import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  CHECK_IN_RESULT_TEXT,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInStats,
  type DoorSearchResult,
  type DoorSnapshot,
  type DoorSnapshotOrder,
  type OfflineAdmission,
  type OfflineCheckInsResponse,
} from '@festival/contracts';
import { ApiError, isUnreachable } from '@festival/web-kit/api-client';
import type { DoorStore } from './door-store';
import type { ScanEntry, ScanResult } from './door-types';
import { createTicketVerifier, type TicketVerifier } from './ticket-verifier';

/** The door's calls (`../api/door-api.ts` in the page; fakes in tests). */
export interface DoorApi {
  checkIn(body: CheckInRequest, signal: AbortSignal): Promise<CheckInResponse>;
  snapshot(signal: AbortSignal): Promise<DoorSnapshot>;
  uploadOffline(admissions: OfflineAdmission[], signal: AbortSignal): Promise<OfflineCheckInsResponse>;
}

export interface DoorState {
  /** The local data (snapshot, queue, last scans) is loaded. */
  ready: boolean;
  /** The API answered the last call (false from the first call that could not reach it). */
  online: boolean;
  /** Admissions made offline, not yet accepted by the server. */
  pending: number;
  /** The last ten scans, newest first. */
  recent: ScanEntry[];
  /** When the snapshot the page would work offline with was made; null: none yet. */
  snapshotAt: string | null;
  /** `Arrived N of M` from the snapshot and the queue (what the page shows while offline). */
  localStats: CheckInStats | null;
  /** Uploads that found conflicts since the page loaded (the conflicts list refreshes on it). */
  conflictsSeen: number;
}

/** What a sign-out's last upload did: admissions made offline sent, and those that could not be. */
export interface FlushOutcome {
  sent: number;
  unsent: number;
}

export interface DoorEngineOptions {
  now?: () => Date;
  newId?: () => string;
  /** The browser's own idea of the network (navigator.onLine): when false, no call is tried. */
  browserOnline?: () => boolean;
  /** A call to the API is given up after this long, and the scan is handled offline. */
  timeoutMs?: number;
  /** The session ended (401): the page gives way to the login. */
  onUnauthorized?: (error: ApiError) => void;
}

export const RECENT_SCANS = 10;
const UPLOAD_BATCH = 200;

const OFFLINE_TEXT: Record<Exclude<ScanResult, keyof typeof CHECK_IN_RESULT_TEXT>, string> = {
  unknown: 'Not on this door’s list: ask the manager',
  refused: 'Not admitted',
};

const headlineOf = (result: ScanResult): string =>
  result in CHECK_IN_RESULT_TEXT ? CHECK_IN_RESULT_TEXT[result as keyof typeof CHECK_IN_RESULT_TEXT] : OFFLINE_TEXT[result as 'unknown'];

/**
 * The door's logic, apart from React: each scan goes to the server while it answers; when it does
 * not, the code is checked against the snapshot's public key, the admission is kept in IndexedDB
 * with its own id and uploaded when the network returns (the server accepts each id once).
 */
export class DoorEngine {
  readonly state: StoreApi<DoorState>;
  private snapshot: DoorSnapshot | null = null;
  private verifier: TicketVerifier | null = null;
  private queue: OfflineAdmission[] = [];
  private syncing: Promise<void> | null = null;
  /** The queue was read from the store (by `start`, or by a sign-out's `flush`). */
  private loaded = false;
  /** Cleared at sign-out: nothing more is kept on the phone, nothing more is sent. */
  private closed = false;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly browserOnline: () => boolean;
  private readonly timeoutMs: number;

  constructor(
    private readonly store: DoorStore,
    private readonly api: DoorApi,
    private readonly options: DoorEngineOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.browserOnline = options.browserOnline ?? (() => navigator.onLine);
    this.timeoutMs = options.timeoutMs ?? 4_000;
    this.state = createStore<DoorState>(() => ({
      ready: false,
      online: this.browserOnline(),
      pending: 0,
      recent: [],
      snapshotAt: null,
      localStats: null,
      conflictsSeen: 0,
    }));
  }

  /** Loads what the phone holds, then (online) a fresh snapshot and the upload of the queue. */
  async start(): Promise<void> {
    const [snapshot, queue, recent] = await Promise.all([this.store.loadSnapshot(), this.store.pending(), this.store.loadRecent()]);
    if (this.closed) return;
    this.queue = queue;
    this.loaded = true;
    if (snapshot) await this.useSnapshot(snapshot, false);
    this.state.setState({ ready: true, recent, pending: queue.length });
    this.publishStats();
    if (this.browserOnline()) await this.sync();
  }

  /** A scanned or typed code: admits `guests` (everyone left when unset). */
  async scan(code: string, guests?: number): Promise<ScanEntry> {
    const id = this.newId();
    if (this.browserOnline()) {
      try {
        const answer = await this.api.checkIn({ code, guests, admissionId: id }, AbortSignal.timeout(this.timeoutMs));
        this.markOnline(true);
        if (answer.reference) this.noteAnswer(answer);
        return this.record(this.entryFromServer(id, answer));
      } catch (error) {
        if (!isUnreachable(error)) return this.record(this.refusal(id, error));
        this.markOnline(false);
      }
    }
    const orderId = await this.verify(code);
    if (!orderId) return this.record(this.blank(id, 'invalid'));
    return this.admitOffline(id, orderId, guests, code);
  }

  /**
   * Admits an order found by `Search guests`: with its code while online; offline by its id alone
   * (the phone's list holds no codes), or with the code when the server's search had given one.
   */
  async admitFound(found: Pick<DoorSearchResult, 'orderId' | 'code'>, guests?: number): Promise<ScanEntry> {
    if (found.code && this.browserOnline()) return this.scan(found.code, guests);
    return this.admitOffline(this.newId(), found.orderId, guests, found.code ?? undefined);
  }

  /** `Search guests` on the phone's snapshot (offline): by name or reference. */
  searchLocal(query: string): DoorSearchResult[] {
    const text = query.trim().toLowerCase();
    if (text.length < 2 || !this.snapshot) return [];
    return this.snapshot.orders
      .filter((o) => o.customerName.toLowerCase().includes(text) || o.reference.toLowerCase().startsWith(text))
      .slice(0, 20)
      .map((o) => ({
        orderId: o.orderId,
        reference: o.reference,
        customerName: o.customerName,
        status: 'paid',
        adults: o.adults,
        children: o.children,
        others: o.others,
        total: o.total,
        admitted: this.admittedOf(o),
        code: null,
      }));
  }

  /** Uploads the queue (and refreshes the snapshot) when the API answers; safe to call any time. */
  sync(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async runSync(): Promise<void> {
    try {
      await this.uploadQueue();
      const snapshot = await this.api.snapshot(AbortSignal.timeout(this.timeoutMs * 2));
      if (this.closed) return;
      await this.useSnapshot(snapshot, true);
      this.markOnline(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.options.onUnauthorized?.(error);
      if (isUnreachable(error)) this.markOnline(false);
    }
    this.publishStats();
  }

  /** Sends the queue, 200 at a time; each admission the server answered for is dropped. */
  private async uploadQueue(): Promise<void> {
    while (this.queue.length > 0 && !this.closed) {
      const batch = this.queue.slice(0, UPLOAD_BATCH);
      const { results } = await this.api.uploadOffline(batch, AbortSignal.timeout(this.timeoutMs * 2));
      // Every outcome is final (recorded, conflict, or rejected): none is sent again.
      const done = new Set(results.map((r) => r.admissionId));
      await this.store.removePending([...done]);
      this.queue = this.queue.filter((a) => !done.has(a.admissionId));
      if (results.some((r) => r.outcome === 'conflict')) this.state.setState((s) => ({ conflictsSeen: s.conflictsSeen + 1 }));
      this.state.setState({ pending: this.queue.length });
      if (done.size === 0) break;
    }
  }

  /**
   * Before a voluntary sign-out: sends what the queue holds while the session lasts. Answers how
   * many admissions were sent and how many could not be (no network, or the session already gone).
   */
  async flush(): Promise<FlushOutcome> {
    if (this.closed) return { sent: 0, unsent: 0 };
    if (!this.loaded) {
      this.queue = await this.store.pending();
      this.loaded = true;
    }
    // Counted first: an upload already under way when the staff member signed out is theirs too.
    const before = this.queue.length;
    await this.syncing?.catch(() => undefined);
    try {
      await this.uploadQueue();
    } catch {
      // Not sent: the caller says how many are left.
    }
    return { sent: before - this.queue.length, unsent: this.queue.length };
  }

  /**
   * At sign-out, a revoked pass or an ended session: removes everything the door keeps on the
   * phone (the guest list, the queue, the last scans) and stops; answers how many admissions made
   * offline were still unsent, now discarded. The engine admits nothing afterwards.
   */
  async clear(): Promise<number> {
    if (!this.loaded && !this.closed) this.queue = await this.store.pending().catch(() => []);
    const discarded = this.closed ? 0 : this.queue.length;
    this.closed = true;
    this.loaded = true;
    this.queue = [];
    this.snapshot = null;
    this.verifier = null;
    await this.store.clear();
    this.state.setState({ pending: 0, recent: [], snapshotAt: null, localStats: null });
    return discarded;
  }

  private async useSnapshot(snapshot: DoorSnapshot, save: boolean): Promise<void> {
    if (this.closed) return;
    if (!this.verifier || this.snapshot?.publicKey !== snapshot.publicKey) this.verifier = await createTicketVerifier(snapshot.publicKey);
    this.snapshot = snapshot;
    if (save) await this.store.saveSnapshot(snapshot);
    this.state.setState({ snapshotAt: snapshot.generatedAt });
    this.publishStats();
  }

  private async verify(code: string): Promise<string | null> {
    if (!this.verifier) return null;
    return this.verifier(code);
  }

  private async admitOffline(id: string, orderId: string, guests?: number, code?: string): Promise<ScanEntry> {
    if (this.closed) return { ...this.blank(id, 'refused'), headline: 'Signed out' };
    const order = this.snapshot?.orders.find((o) => o.orderId === orderId);
    if (!order) return this.record({ ...this.blank(id, 'unknown'), offline: true });
    const admitted = this.admittedOf(order);
    const left = order.total - admitted;
    const base = this.entryFromOrder(id, order, admitted);
    if (left <= 0) {
      const last = this.lastAdmissionOf(order);
      return this.record({ ...base, result: 'already_checked_in', headline: headlineOf('already_checked_in'), ...last });
    }
    const entering = guests ?? left;
    if (entering > left) {
      return this.record({
        ...base,
        result: 'refused',
        headline: `Only ${left} of ${order.total} guests ${left === 1 ? 'is' : 'are'} left to admit on this order`,
      });
    }
    const at = this.now().toISOString();
    // The code the phone scanned goes with it: the server checks it is this order's signed ticket.
    const admission: OfflineAdmission = { admissionId: id, orderId, guests: entering, at, ...(code ? { code: code.trim() } : {}) };
    await this.store.addPending(admission);
    this.queue.push(admission);
    this.state.setState({ pending: this.queue.length });
    this.publishStats();
    return this.record({
      ...base,
      result: 'admitted',
      headline: headlineOf('admitted'),
      admitted: admitted + entering,
      entering,
      checkedInAt: at,
      door: 'This phone',
    });
  }

  /** Guests of the order in: the snapshot's count and this phone's queue. */
  private admittedOf(order: DoorSnapshotOrder): number {
    return order.admitted + this.queue.filter((a) => a.orderId === order.orderId).reduce((sum, a) => sum + a.guests, 0);
  }

  private lastAdmissionOf(order: DoorSnapshotOrder): Pick<ScanEntry, 'checkedInAt' | 'door'> {
    const queued = this.queue.filter((a) => a.orderId === order.orderId).at(-1);
    return queued ? { checkedInAt: queued.at, door: 'This phone' } : { checkedInAt: order.lastCheckedInAt, door: order.lastDoor };
  }

  /** Keeps the snapshot's count of an order in step with what the server answered. */
  private noteAnswer(answer: CheckInResponse): void {
    const order = this.snapshot?.orders.find((o) => o.reference === answer.reference);
    if (!order) return;
    order.admitted = answer.admitted;
    if (answer.checkedInAt) {
      order.lastCheckedInAt = answer.checkedInAt;
      order.lastDoor = answer.door;
    }
    this.publishStats();
  }

  private publishStats(): void {
    const orders = this.snapshot?.orders;
    if (!orders) return;
    this.state.setState({
      localStats: {
        arrived: orders.reduce((sum, o) => sum + Math.min(this.admittedOf(o), o.total), 0),
        sold: orders.reduce((sum, o) => sum + o.total, 0),
      },
    });
  }

  private markOnline(online: boolean): void {
    if (this.state.getState().online !== online) this.state.setState({ online });
  }

  /** The server's answer as the page shows it (its tickets of other types with it, when it has some). */
  private entryFromServer(id: string, answer: CheckInResponse): ScanEntry {
    return { ...answer, id, scannedAt: this.now().toISOString(), headline: headlineOf(answer.result), offline: false };
  }

  private entryFromOrder(id: string, order: DoorSnapshotOrder, admitted: number): ScanEntry {
    return {
      ...this.blank(id, 'refused'),
      customerName: order.customerName,
      reference: order.reference,
      adults: order.adults,
      children: order.children,
      others: order.others,
      admitted,
      total: order.total,
      offline: true,
    };
  }

  private blank(id: string, result: ScanResult): ScanEntry {
    return {
      id,
      scannedAt: this.now().toISOString(),
      result,
      headline: headlineOf(result),
      customerName: null,
      reference: null,
      adults: 0,
      children: 0,
      admitted: 0,
      total: 0,
      entering: 0,
      checkedInAt: null,
      door: null,
      offline: false,
    };
  }

  /** A call the server refused (a 409 `Only 1 of 3 guests is left...`, a 400, a 401). */
  private refusal(id: string, error: unknown): ScanEntry {
    if (error instanceof ApiError && error.status === 401) this.options.onUnauthorized?.(error);
    const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The check-in failed';
    return { ...this.blank(id, 'refused'), headline: message };
  }

  private record(entry: ScanEntry): ScanEntry {
    if (this.closed) return entry;
    const recent = [entry, ...this.state.getState().recent].slice(0, RECENT_SCANS);
    this.state.setState({ recent });
    void this.store.saveRecent(recent);
    return entry;
  }
}
