import { EVENT_RETRY_DELAYS_MS, PaymentEvents } from './payment-events.service.js';

const event = { id: 'evt_1', type: 'payment_intent.succeeded', objectId: 'pi_1', metadata: { type: 'party_ticket' } };

describe('PaymentEvents delivered in the background', () => {
  let events: PaymentEvents;
  beforeEach(() => {
    events = new PaymentEvents();
  });
  afterEach(() => events.onModuleDestroy());

  it('tries a failed delivery again until a handler succeeds, like a webhook sender', async () => {
    const attempts: number[] = [];
    let done!: () => void;
    const delivered = new Promise<void>((resolve) => (done = resolve));
    events.on('payment_intent.succeeded', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error('connect ECONNREFUSED 127.0.0.1:3306');
      done();
    });
    events.deliverLater(event);
    await delivered;
    expect(attempts).toHaveLength(3);
    // The first retry waits 1 s, the second 2 s more.
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(EVENT_RETRY_DELAYS_MS[0] - 50);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(EVENT_RETRY_DELAYS_MS[1] - 50);
  });

  it('stops retrying when the application shuts down', async () => {
    let calls = 0;
    events.on('payment_intent.succeeded', async () => {
      calls += 1;
      throw new Error('down');
    });
    events.deliverLater(event);
    await new Promise((r) => setTimeout(r, 50));
    events.onModuleDestroy();
    await new Promise((r) => setTimeout(r, EVENT_RETRY_DELAYS_MS[0] + 200));
    expect(calls).toBe(1);
  });
});
