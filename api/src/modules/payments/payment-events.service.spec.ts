import { ConflictException } from '@nestjs/common';
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

describe('PaymentEvents.onOrder', () => {
  const events = new PaymentEvents();
  afterAll(() => events.onModuleDestroy());

  it("hands a feature only its own orders' events, with the intent's id", async () => {
    const tickets: string[] = [];
    events.onOrder('party_ticket', 'payment_intent.succeeded', async (intentId) => {
      tickets.push(intentId);
    });
    await events.dispatch(event);
    await events.dispatch({ ...event, id: 'evt_2', objectId: 'pi_2', metadata: { type: 'drink_order' } });
    await events.dispatch({ ...event, id: 'evt_3', type: 'setup_intent.succeeded', objectId: 'seti_1' });
    expect(tickets).toEqual(['pi_1']);
  });

  it('takes a 409 (not paid, or not this order) as nothing to do, and passes other failures on for a retry', async () => {
    const local = new PaymentEvents();
    local.onOrder('party_ticket', 'payment_intent.succeeded', async () => {
      throw new ConflictException('Payment was not completed');
    });
    await expect(local.dispatch(event)).resolves.toBeUndefined();

    local.onOrder('party_ticket', 'payment_intent.succeeded', async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:3306');
    });
    await expect(local.dispatch(event)).rejects.toThrow('ECONNREFUSED');
  });
});
