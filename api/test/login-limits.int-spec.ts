import { addDevice, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'marigold-lanterns-2025';
const LIMIT = 10;
const LIMITED = { message: 'Too many login attempts. Please wait 15 minutes and try again.' };

/** Two API replicas on one database (and a third started later, as after a restart). */
async function replicas(env: Record<string, string>): Promise<{ first: TestApp; second: TestApp; restart(): Promise<TestApp> }> {
  const all = { ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: String(LIMIT), ...env };
  const first = await createTestApp(all);
  const sameDatabase: Record<string, string> = first.config.database.type === 'sqlite' ? { SQLITE_PATH: first.config.database.path } : {};
  const second = await createTestApp({ ...all, ...sameDatabase }, { keepDatabase: true });
  return { first, second, restart: () => createTestApp({ ...all, ...sameDatabase }, { keepDatabase: true }) };
}

describe(`login limits shared by replicas on ${TEST_DATABASE}`, () => {
  it('30 wrong logins spread over two replicas end in 429 after the limit, whatever X-Forwarded-For says', async () => {
    // nginx's address is trusted to name the client; this test client is not nginx, so its
    // X-Forwarded-For is ignored and the address Express saw is counted.
    const { first, second, restart } = await replicas({ TRUST_PROXY: '10.0.0.2' });
    let third: TestApp | undefined;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const replica = i % 2 === 0 ? first : second;
        const res = await replica.http
          .post('/api/admin/login')
          .set('X-Forwarded-For', `198.51.100.${i + 1}`)
          .send({ password: `guess-${i}` });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).toEqual(LIMITED);
          expect(Number(res.headers['retry-after-login'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), ...Array<number>(30 - LIMIT).fill(429)]);

      // The right password does not get through either, on either replica, nor after a restart.
      await first.http.post('/api/admin/login').send({ password: PASSWORD }).expect(429);
      await second.http.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.250').send({ password: PASSWORD }).expect(429);
      await first.app.close();
      third = await restart();
      await third.http.post('/api/admin/login').send({ password: PASSWORD }).expect(429, LIMITED);
    } finally {
      await third?.close();
      await second.close();
      await first.close();
    }
  });

  it('behind the trusted proxy, the address it saw is counted, not what the client put before it', async () => {
    // The test client stands where nginx would (loopback is trusted): the last address of
    // X-Forwarded-For is the client nginx saw; anything before it came from the client.
    const { first, second } = await replicas({ TRUST_PROXY: 'loopback' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const replica = i % 2 === 0 ? first : second;
        const res = await replica.http
          .post('/api/admin/login')
          .set('X-Forwarded-For', `198.51.100.${i + 1}, 203.0.113.7`)
          .send({ password: `guess-${i}` });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), ...Array<number>(30 - LIMIT).fill(429)]);
      // Another client is counted on its own.
      await second.http.post('/api/admin/login').set('X-Forwarded-For', '203.0.113.8').send({ password: PASSWORD }).expect(200);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("F5: junk device passes from the venue's shared address never lock out a valid unspent pass, and the manager can unlock sign-ins", async () => {
    const { first, second } = await replicas({ TRUST_PROXY: 'loopback' });
    try {
      // The venue's Wi-Fi: every phone and the guest sending junk share one address.
      const venue = '203.0.113.99';
      const pass = (replica: TestApp, secret: string) =>
        replica.http.post('/api/admin/device-pass').set('X-Forwarded-For', venue).send({ pass: secret });
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) statuses.push((await pass(i % 2 === 0 ? first : second, `junk-pass-${i}`)).status);
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(404), ...Array<number>(15 - LIMIT).fill(429)]);
      const limited = await pass(first, 'junk-pass-again').expect(429);
      expect(limited.body.message).toMatch(/^Too many passes that are not valid were tried from this network/);

      // The door phone's real pass, from the same address, signs in on either replica.
      const manager = await managerCookie(first, PASSWORD);
      const door = await addDevice(first, manager, 'Front door', 'door');
      const signedIn = await pass(second, door.pass).expect(200);
      expect(signedIn.body).toMatchObject({ authenticated: true, staff: { role: 'door', name: 'Front door' } });
      // Spent now: it counts as a refused pass like any other.
      await pass(first, door.pass).expect(429);

      // The manager unlocks sign-ins: the network's count starts again.
      const unlocked = await first.http.post('/api/admin/devices/unlock-sign-ins').set('Cookie', manager).expect(200);
      expect(unlocked.body).toEqual({ cleared: 1 });
      await pass(second, 'junk-after-unlock').expect(404);
      const bar = await addDevice(first, manager, 'Main bar', 'bar');
      await pass(first, bar.pass).expect(200);
      const log = await first.http.get('/api/admin/activity?action=device.unlock').set('Cookie', manager).expect(200);
      expect(log.body.items).toEqual([expect.objectContaining({ who: 'Manager', action: 'device.unlock' })]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
