import { generateKeyPairSync, randomUUID, sign, webcrypto } from 'node:crypto';
import {
  buildTicketCode,
  ticketCodeMessage,
  uuidToBytes,
  type CheckInRequest,
  type DoorSnapshot,
  type OfflineAdmission,
} from '@festival/contracts';
import { ApiError } from '@festival/web-kit/api-client';
import { DoorEngine, type DoorApi } from './door-engine';
import { memoryDoorStore } from './door-store';

// jsdom has no WebCrypto of its own: Node's stands in, as a browser's would.
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const publicKeyBase64url = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
const codeOf = (orderId: string) => buildTicketCode(orderId, sign(null, ticketCodeMessage(uuidToBytes(orderId)!), privateKey));

const family = { orderId: randomUUID(), name: 'Priya Family', adults: 2, children: 1 };
const couple = { orderId: randomUUID(), name: 'Ravi Couple', adults: 2, children: 0 };

function snapshotOf(...orders: (typeof family)[]): DoorSnapshot {
  return {
    generatedAt: '2026-11-07T18:00:00.000Z',
    publicKey: publicKeyBase64url,
    keyAlgorithm: 'Ed25519',
    signedPrefix: 'festival-ticket:v1:',
    orders: orders.map((o) => ({
      orderId: o.orderId,
      reference: o.orderId.slice(0, 8).toUpperCase(),
      customerName: o.name,
      adults: o.adults,
      children: o.children,
      total: o.adults + o.children,
      admitted: 0,
      lastCheckedInAt: null,
      lastDoor: null,
    })),
  };
}

/** The door's calls with the network gone for check-ins (`reachable` false) and a server that keeps uploads. */
function fakeApi(snapshot: DoorSnapshot) {
  const uploads: OfflineAdmission[][] = [];
  const sentOnline: CheckInRequest[] = [];
  const state = { reachable: false };
  const api: DoorApi = {
    checkIn: async (body) => {
      sentOnline.push(body);
      if (!state.reachable) throw new TypeError('Failed to fetch');
      throw new ApiError(500, '', 'Internal Server Error');
    },
    snapshot: async () => {
      if (!state.reachable) throw new TypeError('Failed to fetch');
      return snapshot;
    },
    uploadOffline: async (admissions) => {
      if (!state.reachable) throw new TypeError('Failed to fetch');
      uploads.push(admissions);
      return { results: admissions.map((a) => ({ admissionId: a.admissionId, outcome: 'recorded' as const, message: null })) };
    },
  };
  return { api, uploads, sentOnline, state };
}

async function startedEngine(options: { online: boolean }) {
  const snapshot = snapshotOf(family, couple);
  const fake = fakeApi(snapshot);
  const store = memoryDoorStore();
  await store.saveSnapshot(snapshot);
  let n = 0;
  const online = { value: options.online };
  const engine = new DoorEngine(store, fake.api, { browserOnline: () => online.value, newId: () => `admission-${(n += 1)}` });
  await engine.start();
  return { engine, store, fake, online };
}

describe('the door offline', () => {
  it('admits a signed code from the phone’s list once, then answers Already checked in', async () => {
    const { engine } = await startedEngine({ online: false });
    const first = await engine.scan(codeOf(family.orderId), 2);
    expect(first).toMatchObject({ result: 'admitted', headline: 'Admitted', entering: 2, admitted: 2, total: 3, offline: true });
    const rest = await engine.scan(codeOf(family.orderId));
    expect(rest).toMatchObject({ result: 'admitted', entering: 1, admitted: 3 });
    expect(await engine.scan(codeOf(family.orderId))).toMatchObject({
      result: 'already_checked_in',
      headline: 'Already checked in',
      door: 'This phone',
    });
    expect(engine.state.getState()).toMatchObject({ pending: 2, localStats: { arrived: 3, sold: 5 } });
  });

  it('refuses an edited code, an order not on the list, and more guests than are left', async () => {
    const { engine } = await startedEngine({ online: false });
    const code = codeOf(couple.orderId);
    const edited = code.slice(0, 60) + (code[60] === 'Q' ? 'R' : 'Q') + code.slice(61);
    expect(await engine.scan(edited)).toMatchObject({ result: 'invalid', headline: 'Not a valid ticket' });
    expect(await engine.scan(codeOf(randomUUID()))).toMatchObject({
      result: 'unknown',
      headline: 'Not on this door’s list: ask the manager',
    });
    expect(await engine.scan(code, 3)).toMatchObject({ result: 'refused', headline: 'Only 2 of 2 guests are left to admit on this order' });
    expect(engine.state.getState().pending).toBe(0);
    expect(engine.state.getState().recent.map((s) => s.result)).toEqual(['refused', 'unknown', 'invalid']);
  });

  it('falls back to the phone when the API cannot be reached, with the same admission id', async () => {
    const { engine, fake } = await startedEngine({ online: true });
    const entry = await engine.scan(codeOf(couple.orderId));
    expect(fake.sentOnline).toEqual([{ code: codeOf(couple.orderId), guests: undefined, admissionId: entry.id }]);
    expect(entry).toMatchObject({ result: 'admitted', offline: true, entering: 2 });
    expect(engine.state.getState()).toMatchObject({ online: false, pending: 1 });
  });

  it('sends the queue once when the network returns, and keeps it while it does not', async () => {
    const { engine, fake, store, online } = await startedEngine({ online: false });
    await engine.scan(codeOf(family.orderId));
    await engine.scan(codeOf(couple.orderId), 1);
    await engine.sync();
    expect(fake.uploads).toHaveLength(0);
    expect(await store.pending()).toHaveLength(2);

    online.value = true;
    fake.state.reachable = true;
    await engine.sync();
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0].map((a) => [a.orderId, a.guests])).toEqual([
      [family.orderId, 3],
      [couple.orderId, 1],
    ]);
    expect(await store.pending()).toEqual([]);
    expect(engine.state.getState()).toMatchObject({ pending: 0, online: true });
    await engine.sync();
    expect(fake.uploads).toHaveLength(1);
  });
});

describe('the door’s queue', () => {
  it('F7: an admission made offline is sent with the code the phone scanned; one found by name carries none', async () => {
    const { engine, fake, online } = await startedEngine({ online: false });
    const code = codeOf(family.orderId);
    await engine.scan(` ${code} `, 1);
    await engine.admitFound({ orderId: couple.orderId, code: null }, 2);
    online.value = true;
    fake.state.reachable = true;
    await engine.sync();
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0].map((a) => ({ orderId: a.orderId, code: a.code, guests: a.guests }))).toEqual([
      { orderId: family.orderId, code, guests: 1 },
      { orderId: couple.orderId, code: undefined, guests: 2 },
    ]);
  });
});

describe('the door at sign-out', () => {
  it('F10: sends the queue first, then clears the guest list, the queue and the last scans from the phone', async () => {
    const { engine, fake, store, online } = await startedEngine({ online: false });
    await engine.scan(codeOf(family.orderId));
    await engine.scan(codeOf(couple.orderId), 1);
    online.value = true;
    fake.state.reachable = true;
    expect(await engine.flush()).toEqual({ sent: 2, unsent: 0 });
    expect(fake.uploads.flat().map((a) => a.orderId)).toEqual([family.orderId, couple.orderId]);
    expect(await engine.clear()).toBe(0);
    expect(await store.loadSnapshot()).toBeNull();
    expect(await store.pending()).toEqual([]);
    expect(await store.loadRecent()).toEqual([]);
    expect(engine.searchLocal('Priya')).toEqual([]);
    expect(engine.state.getState()).toMatchObject({ pending: 0, recent: [], snapshotAt: null, localStats: null });
  });

  it('F10: says how many check-ins could not be sent, and discards them when the phone is cleared', async () => {
    const { engine, fake, store } = await startedEngine({ online: false });
    await engine.scan(codeOf(family.orderId), 1);
    await engine.scan(codeOf(couple.orderId), 1);
    expect(await engine.flush()).toEqual({ sent: 0, unsent: 2 });
    expect(await store.pending()).toHaveLength(2);
    expect(await engine.clear()).toBe(2);
    expect(await store.pending()).toEqual([]);
    expect(await store.loadSnapshot()).toBeNull();
    // Nothing is sent afterwards, by the next staff member's session or anyone's.
    fake.state.reachable = true;
    await engine.sync();
    expect(fake.uploads).toHaveLength(0);
  });

  it('F10: after clearing, a scan keeps nothing on the phone and a late snapshot is not saved', async () => {
    const { engine, store } = await startedEngine({ online: false });
    await engine.clear();
    expect(await engine.scan(codeOf(family.orderId))).toMatchObject({ result: 'invalid' });
    expect(await store.pending()).toEqual([]);
    expect(await store.loadRecent()).toEqual([]);
    await engine.start();
    expect(await store.loadSnapshot()).toBeNull();
    expect(engine.state.getState().pending).toBe(0);
  });

  it('F10: a phone whose page is not open sends and clears what an earlier visit left', async () => {
    const { engine, fake, store } = await startedEngine({ online: false });
    await engine.scan(codeOf(family.orderId), 2);
    // The page closed; at sign-out an engine is made for the phone's store alone.
    const later = new DoorEngine(store, fake.api, { browserOnline: () => true });
    fake.state.reachable = true;
    expect(await later.flush()).toEqual({ sent: 1, unsent: 0 });
    expect(fake.uploads.flat().map((a) => [a.orderId, a.guests])).toEqual([[family.orderId, 2]]);
    expect(await later.clear()).toBe(0);
    expect(await store.loadSnapshot()).toBeNull();
  });
});
