import { act, renderHook } from '@testing-library/react';
import { clearDeviceData, flushDeviceData, forgetSignOutNotice, provideDeviceData, signOutNotice, useSignOutNotice } from './device-data';

describe('the device’s data at sign-out', () => {
  afterEach(() => act(() => forgetSignOutNotice()));

  it('F10: says how many check-ins made offline were sent and how many were discarded', () => {
    expect(signOutNotice(0, 0)).toBe('The door’s guest list was removed from this phone.');
    expect(signOutNotice(2, 0)).toBe('The door’s guest list was removed from this phone. 2 check-ins made offline were sent first.');
    expect(signOutNotice(1, 1)).toBe(
      'The door’s guest list was removed from this phone. 1 check-in made offline was sent first. 1 check-in made offline could not be sent and was discarded: tell the manager.',
    );
  });

  it('F10: a sign-out sends first, clears once however often the end of the session is reported, and tells what it did', async () => {
    let kept = true;
    let queued = 3;
    const calls: string[] = [];
    provideDeviceData(async () => ({
      flush: async () => {
        calls.push('flush');
        const sent = queued - 1;
        queued = 1;
        return { sent, unsent: 1 };
      },
      clear: async () => {
        calls.push('clear');
        const result = { kept, discarded: kept ? queued : 0 };
        kept = false;
        queued = 0;
        return result;
      },
    }));
    const { result } = renderHook(() => useSignOutNotice());
    expect(await flushDeviceData()).toEqual({ sent: 2, unsent: 1 });
    await act(async () => {
      // The logout ends the session, and a poll's 401 says so again.
      await Promise.all([clearDeviceData(), clearDeviceData()]);
      await clearDeviceData();
    });
    expect(calls).toEqual(['flush', 'clear', 'clear']);
    expect(result.current).toBe(
      'The door’s guest list was removed from this phone. 2 check-ins made offline were sent first. 1 check-in made offline could not be sent and was discarded: tell the manager.',
    );
  });
});
