import { useEffect, useState } from 'react';

/** `on`: the screen stays awake; `off`: the browser refused or released it; `unsupported`: no Screen Wake Lock API. */
export type WakeLockState = 'on' | 'off' | 'unsupported';

/**
 * Keeps the screen awake while the page is open (Screen Wake Lock API where the browser has it).
 * The browser releases the lock whenever the page is hidden; it is taken again when the page is
 * shown (`visibilitychange`), and released when the page closes.
 */
export function useWakeLock(): WakeLockState {
  const [state, setState] = useState<WakeLockState>(() => (typeof navigator !== 'undefined' && navigator.wakeLock ? 'off' : 'unsupported'));

  useEffect(() => {
    const wakeLock = typeof navigator !== 'undefined' ? navigator.wakeLock : undefined;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    let requesting = false;

    async function acquire() {
      if (stopped || requesting || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      requesting = true;
      try {
        const lock = await wakeLock!.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        lock.addEventListener('release', () => {
          if (!stopped) setState('off');
        });
        setState('on');
      } catch {
        if (!stopped) setState('off');
      } finally {
        requesting = false;
      }
    }

    void acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, []);

  return state;
}
