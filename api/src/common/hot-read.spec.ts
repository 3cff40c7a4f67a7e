import { HOT_READ_STALE_MS, HOT_READ_TTL_MS, HotRead } from './hot-read.js';

/** A source whose loads the test resolves one by one, as the database would answer them. */
function controlledSource() {
  const pending: ((value: number) => void)[] = [];
  let current = 0;
  return {
    loads: () => pending.length,
    set: (value: number) => (current = value),
    load: () =>
      new Promise<{ value: number; validUntil?: number }>((resolve) => {
        const value = current;
        pending.push(() => resolve({ value }));
      }),
    answerNext: () => pending.shift()!(0),
  };
}

describe('HotRead', () => {
  afterEach(() => jest.useRealTimers());

  it('loads once for concurrent askers and answers from memory until the TTL', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const source = controlledSource();
    const read = new HotRead(source.load, 'no-cache');
    const asks = [read.value(), read.value(), read.value()];
    expect(source.loads()).toBe(1);
    source.answerNext();
    expect(await Promise.all(asks)).toEqual([0, 0, 0]);

    source.set(5);
    expect(await read.value()).toBe(0);
    expect(source.loads()).toBe(0);
    jest.setSystemTime(1_000_000 + HOT_READ_TTL_MS);
    const next = read.value();
    source.answerNext();
    expect(await next).toBe(5);
  });

  it('never keeps a load that started before an invalidation: the next asker sees the write', async () => {
    const source = controlledSource();
    const read = new HotRead(source.load, 'no-cache');
    const before = read.value(); // reads the old value; the write commits meanwhile
    source.set(7);
    read.invalidate();
    const after = read.value(); // must not share the load started before the write
    expect(source.loads()).toBe(2);
    source.answerNext();
    source.answerNext();
    expect(await before).toBe(0);
    expect(await after).toBe(7);
    expect(await read.value()).toBe(7);
  });

  it('gives the previous answer while the next loads, for at most the stale margin', async () => {
    jest.useFakeTimers({ now: 2_000_000 });
    const source = controlledSource();
    const read = new HotRead(source.load, 'no-cache');
    const first = read.value();
    source.answerNext();
    await first;
    source.set(3);
    jest.setSystemTime(2_000_000 + HOT_READ_TTL_MS + 1);
    expect(read.peek()?.value).toBe(0); // stale, and a reload has started
    expect(source.loads()).toBe(1);
    jest.setSystemTime(2_000_000 + HOT_READ_TTL_MS + HOT_READ_STALE_MS);
    expect(read.peek()).toBeUndefined();
    source.answerNext();
    await Promise.resolve();
    await Promise.resolve();
    expect(read.peek()?.value).toBe(3);
  });

  it('ends an answer when it stops being true on its own (a hold lapses), without a stale margin', async () => {
    jest.useFakeTimers({ now: 3_000_000 });
    const read = new HotRead(async () => ({ value: 1, validUntil: 3_000_000 + 100 }), 'no-cache');
    await read.value();
    jest.setSystemTime(3_000_000 + 99);
    expect(read.peek()?.value).toBe(1);
    jest.setSystemTime(3_000_000 + 100);
    expect(read.peek()).toBeUndefined();
  });

  it('tags the same bytes with the same weak ETag, and different bytes differently', async () => {
    const a = await new HotRead(async () => ({ value: { remaining: 3 } }), 'no-cache').get();
    const b = await new HotRead(async () => ({ value: { remaining: 3 } }), 'no-cache').get();
    const c = await new HotRead(async () => ({ value: { remaining: 2 } }), 'no-cache').get();
    expect(a.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(a.etag).toBe(b.etag);
    expect(c.etag).not.toBe(a.etag);
  });
});
