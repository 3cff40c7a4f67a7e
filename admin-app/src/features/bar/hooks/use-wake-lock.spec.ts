import { act, renderHook, waitFor } from '@testing-library/react';
import { useWakeLock } from './use-wake-lock';

/** A stand-in for the browser's Screen Wake Lock: records requests; the "browser" can release a lock. */
class FakeSentinel extends EventTarget {
  released = false;
  readonly type = 'screen';
  async release() {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

function installWakeLock(refuse = false) {
  const sentinels: FakeSentinel[] = [];
  const request = jest.fn(async () => {
    if (refuse) throw new DOMException('not allowed', 'NotAllowedError');
    const s = new FakeSentinel();
    sentinels.push(s);
    return s;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
});
afterEach(() => {
  visibility = 'visible';
  Reflect.deleteProperty(navigator, 'wakeLock');
});

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('useWakeLock', () => {
  it('says so where the browser has no Screen Wake Lock', () => {
    const { result } = renderHook(() => useWakeLock());
    expect(result.current).toBe('unsupported');
  });

  it('keeps the screen awake while open, takes the lock again when the page is shown again, and lets go when closed', async () => {
    const { request, sentinels } = installWakeLock();
    const { result, unmount } = renderHook(() => useWakeLock());
    await waitFor(() => expect(result.current).toBe('on'));
    expect(request).toHaveBeenCalledWith('screen');

    // The tablet is switched away: the browser releases the lock.
    visibility = 'hidden';
    await act(() => sentinels[0].release());
    expect(result.current).toBe('off');
    setVisibility('hidden');
    expect(request).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    await waitFor(() => expect(result.current).toBe('on'));
    expect(request).toHaveBeenCalledTimes(2);

    // Shown again while the lock is held: no second request.
    setVisibility('visible');
    expect(request).toHaveBeenCalledTimes(2);

    unmount();
    expect(sentinels[1].released).toBe(true);
  });

  it('reports a refused lock', async () => {
    installWakeLock(true);
    const { result } = renderHook(() => useWakeLock());
    await waitFor(() => expect(result.current).toBe('off'));
  });
});
