import { generateKeyPairSync, sign, webcrypto } from 'node:crypto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import {
  buildTicketCode,
  ticketCodeMessage,
  uuidToBytes,
  type CheckInResponse,
  type DoorSnapshot,
  type DoorSnapshotOrder,
} from '@festival/contracts';
import { prepareJsdomForAntd } from '#shared/testing/antd-in-jsdom.ts';
import { DoorEngine, type DoorApi } from '../lib/door-engine';
import { memoryDoorStore } from '../lib/door-store';
import { GuestSearch, SEARCH_AS_YOU_TYPE_MS } from './guest-search';
import { ScanResultPanel } from './scan-result-panel';

// jsdom has no WebCrypto of its own: Node's stands in, as a browser's would.
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
beforeAll(prepareJsdomForAntd);

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const codeOf = (orderId: string) => buildTicketCode(orderId, sign(null, ticketCodeMessage(uuidToBytes(orderId)!), privateKey));

const TABLE_ORDER = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';
const FAMILY_ORDER = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
const VIP_TABLE = { name: 'VIP Table', quantity: 1, seats: 8 };

/** A table for 8 bought alone, and a family listed before the door knew other types (no `others`). */
const tableOrder: DoorSnapshotOrder = {
  orderId: TABLE_ORDER,
  reference: '6A7B8C9D',
  customerName: 'Kavya Menon',
  adults: 0,
  children: 0,
  others: [VIP_TABLE],
  total: 8,
  admitted: 0,
  lastCheckedInAt: null,
  lastDoor: null,
};
const cachedFamily: DoorSnapshotOrder = {
  orderId: FAMILY_ORDER,
  reference: '1B2C3D4E',
  customerName: 'Priya Family',
  adults: 2,
  children: 1,
  total: 3,
  admitted: 0,
  lastCheckedInAt: null,
  lastDoor: null,
};

const snapshot: DoorSnapshot = {
  generatedAt: '2026-11-07T18:00:00.000Z',
  publicKey: (publicKey.export({ format: 'jwk' }) as { x: string }).x,
  keyAlgorithm: 'Ed25519',
  signedPrefix: 'festival-ticket:v1:',
  orders: [tableOrder, cachedFamily],
};

/** The door's calls: check-ins answer `answer` while online; otherwise the network is gone. */
function doorApi(answer: CheckInResponse | null): DoorApi {
  return {
    checkIn: async () => {
      if (!answer) throw new TypeError('Failed to fetch');
      return answer;
    },
    snapshot: async () => {
      throw new TypeError('Failed to fetch');
    },
    uploadOffline: async () => {
      throw new TypeError('Failed to fetch');
    },
  };
}

async function startedEngine(answer: CheckInResponse | null) {
  const store = memoryDoorStore();
  await store.saveSnapshot({ ...snapshot, orders: snapshot.orders.map((order) => ({ ...order })) });
  const engine = new DoorEngine(store, doorApi(answer), { browserOnline: () => answer !== null });
  await engine.start();
  return engine;
}

const panelText = () => screen.getByRole('status', { name: 'Scan result' }).textContent;

describe('the door with tickets of other types', () => {
  it('names the table on the scan result as the server answers it: 1 VIP Table · 0 of 8 in', async () => {
    const engine = await startedEngine({
      result: 'already_checked_in',
      customerName: 'Kavya Menon',
      reference: '6A7B8C9D',
      adults: 0,
      children: 0,
      others: [VIP_TABLE],
      admitted: 0,
      entering: 0,
      total: 8,
      checkedInAt: null,
      door: null,
    });
    const entry = await engine.scan(codeOf(TABLE_ORDER));
    render(<ScanResultPanel entry={entry} />);
    expect(panelText()).toBe('Already checked inKavya Menon · 6A7B8C9D1 VIP Table · 0 of 8 in');
  });

  it('admits the table offline from the phone’s list, naming it, and an order cached without other types as before', async () => {
    const engine = await startedEngine(null);
    const table = await engine.scan(codeOf(TABLE_ORDER), 3);
    const { unmount } = render(<ScanResultPanel entry={table} />);
    expect(panelText()).toBe('Admitted: 3 guestsKavya Menon · 6A7B8C9D1 VIP Table · 3 of 8 in · offline');
    unmount();

    const family = await engine.scan(codeOf(FAMILY_ORDER));
    render(<ScanResultPanel entry={family} />);
    expect(panelText()).toBe('Admitted: 3 guestsPriya Family · 1B2C3D4E2 adults, 1 child · 3 of 3 in · offline');
  });

  it('lists the table in Search guests, from the phone’s list while offline', async () => {
    jest.useFakeTimers();
    try {
      const engine = await startedEngine(null);
      render(<GuestSearch engine={engine} online={false} guests={null} onAdmitted={() => {}} />);
      fireEvent.change(screen.getByLabelText('Search guests'), { target: { value: 'e' } });
      fireEvent.change(screen.getByLabelText('Search guests'), { target: { value: 'en' } });
      await act(async () => jest.advanceTimersByTime(SEARCH_AS_YOU_TYPE_MS));
      const found = within(screen.getByRole('region', { name: 'Guests found' })).getAllByRole('listitem');
      expect(found.map((item) => item.textContent)).toEqual(['Kavya MenonRef 6A7B8C9D1 VIP Table · 0 of 8 inAdmit 8']);
    } finally {
      jest.useRealTimers();
    }
  });
});
