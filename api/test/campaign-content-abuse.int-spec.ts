import type { Response } from 'supertest';
import { ADVERSARIAL_CAMPAIGN_CONTENT } from './support/adversarial-campaign-content.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'campaign-abuse-staff-password';
/** Far longer than a health check takes, far shorter than the content took with backtracking patterns. */
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Runs `request` and asks `/api/health` again and again until it is answered: every health
 * check must be answered 200 in time, so the content is never worked on with the event loop held.
 */
async function answeredWhileHealthy(t: TestApp, request: PromiseLike<Response>): Promise<Response> {
  let settled = false;
  const answer = Promise.resolve(request).finally(() => {
    settled = true;
  });
  do {
    const health = await t.http.get('/api/health').timeout(HEALTH_TIMEOUT_MS);
    expect(health.status).toBe(200);
  } while (!settled);
  return answer;
}

describe(`campaign content built to be slow, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD });
    const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    cookie = cookies.find((c) => c.startsWith('festival.sid='))!.split(';')[0];
  });
  afterAll(() => t.close());

  it.each(ADVERSARIAL_CAMPAIGN_CONTENT.map((c) => [c.label, c] as const))(
    '%s at the size limit: created and test-sent while the API keeps answering',
    async (label, { content }) => {
      const created = await answeredWhileHealthy(
        t,
        t.http
          .post('/api/campaigns')
          .set('Cookie', cookie)
          .send({ name: label, subject: label, content: content(), recipientEmails: ['guest@example.com'] }),
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: label, status: 'draft' });

      const sent = await answeredWhileHealthy(
        t,
        t.http.post(`/api/campaigns/${created.body.id}/test`).set('Cookie', cookie).send({ email: 'staff@example.com' }),
      );
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ sentTo: 'staff@example.com' });
    },
  );
});
