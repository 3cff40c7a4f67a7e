import { playChime } from './chime';

function fakeAudio(state: AudioContextState = 'running') {
  const oscillators: { frequency: number; started: number; stopped: number; connected: boolean }[] = [];
  const ctx = {
    state,
    currentTime: 10,
    destination: {},
    resume: jest.fn(async () => undefined),
    createGain: () => {
      const node = {
        gain: { setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() },
        connect: jest.fn((to: unknown) => to),
      };
      return node;
    },
    createOscillator: () => {
      const record = { frequency: 0, started: 0, stopped: 0, connected: false };
      oscillators.push(record);
      return {
        type: 'sine',
        frequency: {
          set value(v: number) {
            record.frequency = v;
          },
        },
        connect: jest.fn((gain: { connect: (to: unknown) => unknown }) => {
          record.connected = true;
          return gain;
        }),
        start: (at: number) => (record.started = at),
        stop: (at: number) => (record.stopped = at),
      };
    },
  };
  return { ctx: ctx as unknown as AudioContext, oscillators, resume: ctx.resume };
}

describe('playChime', () => {
  it('plays two short rising notes, generated with the Web Audio API', () => {
    const { ctx, oscillators } = fakeAudio();
    playChime(ctx);
    expect(oscillators.map((o) => o.frequency)).toEqual([880, 1318.5]);
    expect(oscillators.every((o) => o.connected)).toBe(true);
    expect(oscillators[1].started).toBeGreaterThan(oscillators[0].started);
    expect(Math.max(...oscillators.map((o) => o.stopped)) - 10).toBeLessThan(1);
  });

  it('wakes a suspended audio context first, and does nothing without Web Audio', () => {
    const { ctx, resume } = fakeAudio('suspended');
    playChime(ctx);
    expect(resume).toHaveBeenCalled();
    expect(() => playChime(undefined)).not.toThrow();
  });
});
