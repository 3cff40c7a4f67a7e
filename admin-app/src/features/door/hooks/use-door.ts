import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { DEVICE_SIGNED_OUT_MESSAGE } from '@festival/contracts';
import { useQueryClient } from '@festival/query';
import { endStaffSession } from '#shared/api/admin-session.ts';
import { doorApi } from '../api/door-api';
import { DoorEngine, type DoorState } from '../lib/door-engine';
import { setActiveDoorEngine } from '../lib/door-sign-out';
import { memoryDoorStore, openDoorStore } from '../lib/door-store';

/** While online, the queue is uploaded and the snapshot refreshed this often. */
const SYNC_MS = 5_000;
const SNAPSHOT_MS = 30_000;

/** The door page's engine, started once, synced on `online` and on a timer. */
export function useDoor(): { engine: DoorEngine; state: DoorState } {
  const queryClient = useQueryClient();
  const [engine] = useState(
    () =>
      new DoorEngine(typeof indexedDB === 'undefined' ? memoryDoorStore() : openDoorStore(), doorApi, {
        onUnauthorized: (error) =>
          endStaffSession(queryClient, error.serverMessage === DEVICE_SIGNED_OUT_MESSAGE ? DEVICE_SIGNED_OUT_MESSAGE : undefined),
      }),
  );
  const state = useStore(engine.state);

  useEffect(() => {
    setActiveDoorEngine(engine);
    void engine.start();
    let lastSnapshot = Date.now();
    const sync = () => {
      lastSnapshot = Date.now();
      void engine.sync();
    };
    const timer = setInterval(() => {
      if (!navigator.onLine) return;
      if (engine.state.getState().pending > 0 || !engine.state.getState().online || Date.now() - lastSnapshot >= SNAPSHOT_MS) sync();
    }, SYNC_MS);
    const wentOffline = () => engine.state.setState({ online: false });
    window.addEventListener('online', sync);
    window.addEventListener('offline', wentOffline);
    return () => {
      setActiveDoorEngine(null);
      clearInterval(timer);
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', wentOffline);
    };
  }, [engine]);

  return { engine, state };
}
