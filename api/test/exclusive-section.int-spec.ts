import { ConflictException } from '@nestjs/common';
import { ExclusiveSection } from '../src/common/exclusive-section.js';
import { AnalyticsEventEntity } from '../src/modules/analytics/analytics-event.entity.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`the exclusive section on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a write made elsewhere while an exclusive transaction is open, when that transaction is rolled back', async () => {
    const exclusive = t.app.get(ExclusiveSection);
    const events = t.dataSource.getRepository(AnalyticsEventEntity);
    const before = await events.count();
    let inside!: () => void;
    const opened = new Promise<void>((r) => (inside = r));

    // A hold that finds the party sold out: it reads, waits a moment, and refuses (rolls back).
    const refused = exclusive.run('party_tickets', async (manager) => {
      await manager.query('SELECT 1');
      inside();
      await sleep(150);
      throw new ConflictException('Sold out');
    });
    await opened;
    // Meanwhile a guest's analytics event is acknowledged by an ordinary write.
    const acknowledged = t.http
      .post('/api/analytics')
      .send({ eventType: 'page_view', sessionId: 'session-during-a-refused-hold', pageViewId: 'pv-during-a-refused-hold' });
    const [hold, answer] = await Promise.allSettled([refused, acknowledged]);
    expect(hold.status).toBe('rejected');
    expect(answer.status === 'fulfilled' && answer.value.status).toBe(204);
    expect(await events.count()).toBe(before + 1);
    expect(await events.findOneBy({ sessionId: 'session-during-a-refused-hold' })).not.toBeNull();
  });
});
