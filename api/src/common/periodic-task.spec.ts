import { PeriodicTask } from './periodic-task.js';

/** A pass the test ends by hand, counting how many started. */
function controlledPass() {
  const ends: (() => void)[] = [];
  let started = 0;
  return {
    started: () => started,
    run: () =>
      new Promise<void>((resolve) => {
        started += 1;
        ends.push(resolve);
      }),
    endNext: async () => {
      ends.shift()!();
      // Let the task see the end and start any follow-up.
      await new Promise((r) => setImmediate(r));
    },
  };
}

const silentLog = () => ({ error: jest.fn() });

describe('PeriodicTask', () => {
  afterEach(() => jest.useRealTimers());

  it('runs one pass at a time: kicks during a pass give exactly one more pass after it', async () => {
    const pass = controlledPass();
    const task = new PeriodicTask('test job', 60_000, pass.run, silentLog());
    task.kick();
    expect(pass.started()).toBe(1);
    expect(task.state.running).toBe(true);
    task.kick();
    task.kick();
    task.kick();
    expect(pass.started()).toBe(1);

    await pass.endNext();
    expect(pass.started()).toBe(2);
    await pass.endNext();
    expect(pass.started()).toBe(2);
    expect(task.state.running).toBe(false);
    await task.idle();
  });

  it('runs a pass on every tick of its schedule once started, and at once when asked', async () => {
    jest.useFakeTimers();
    const run = jest.fn(async () => undefined);
    const task = new PeriodicTask('test job', 1_000, run, silentLog());
    task.start({ now: true });
    expect(run).toHaveBeenCalledTimes(1);
    expect(task.state.scheduled).toBe(true);
    await task.idle();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(4);
    await task.stop();
  });

  it('stop waits for the running pass, tells it, and nothing runs after it', async () => {
    const pass = controlledPass();
    const task = new PeriodicTask('test job', 10, pass.run, silentLog());
    task.start({ now: true });
    task.kick();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    expect(task.signal.aborted).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);

    await pass.endNext();
    await stopping;
    expect(stopped).toBe(true);
    // The kick queued before the stop is dropped, and so are the schedule and later kicks.
    task.kick();
    await new Promise((r) => setTimeout(r, 50));
    expect(pass.started()).toBe(1);
    expect(task.state).toEqual({ scheduled: false, running: false });
  });

  it('logs a failed pass and carries on with the next one', async () => {
    const log = silentLog();
    const run = jest.fn().mockRejectedValueOnce(new Error('connect ECONNREFUSED')).mockResolvedValue(undefined);
    const task = new PeriodicTask('The test job', 60_000, run, log);
    task.kick();
    await task.idle();
    expect(log.error).toHaveBeenCalledWith('The test job failed: Error: connect ECONNREFUSED');

    task.kick();
    await task.idle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
