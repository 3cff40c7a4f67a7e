import { execFileSync } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE_CONFIG, priceFeastOrder, type FeastCatalog, type RevenueReport } from '@festival/contracts';
import { DataSource } from 'typeorm';
import { createBackup, pruneBackups } from '../src/backup/backup.js';
import { askToConfirm } from '../src/backup/confirm.js';
import { tablesIn } from '../src/backup/database-copy.js';
import { restoreBackup, RestoreRefused, type RestoreOptions } from '../src/backup/restore.js';
import { loadConfig, type AppConfig } from '../src/config/app-config.js';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { SiteService } from '../src/modules/settings/site.service.js';
import { createDrinkPaymentRequest, payDrinks } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'backup-drill-staff-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const YES = { confirm: async () => true };

/**
 * Tables the load itself changes in rows written before it (per-address counters of the payment
 * limits, staff sessions renewed on use): their rows need not be the same after a restore.
 */
const CHANGING_UNDER_LOAD = new Set(['login_attempts', 'http_sessions']);

type Row = Record<string, unknown>;
type Snapshot = Map<string, Map<string, string>>;

/** Every row of every table, by table and primary key, as JSON. */
async function snapshot(ds: DataSource): Promise<Snapshot> {
  const tables: Snapshot = new Map();
  for (const meta of ds.entityMetadatas) {
    const rows = (await ds.getRepository(meta.target).find()) as Row[];
    const byKey = new Map<string, string>();
    for (const row of rows) byKey.set(meta.primaryColumns.map((c) => String(row[c.propertyName])).join('|'), JSON.stringify(row));
    tables.set(meta.tableName, byKey);
  }
  return tables;
}

/** Drops every table (the database of a lost server). */
async function wipeMysql(url: string): Promise<void> {
  const ds = new DataSource({ type: 'mysql', url });
  await ds.initialize();
  try {
    const tables: { name: string }[] = await ds.query(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
    );
    await ds.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const { name } of tables) await ds.query(`DROP TABLE \`${name}\``);
    await ds.query('SET FOREIGN_KEY_CHECKS = 1');
  } finally {
    await ds.destroy();
  }
}

describe(`backups and restore on ${TEST_DATABASE}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'festival-backup-drill-'));
  const env: Record<string, string> = {
    ADMIN_PASSWORD: PASSWORD,
    SQLITE_PATH: join(dir, 'data', 'festival.sqlite'),
    OUTBOX_DIR: join(dir, 'data', 'outbox'),
    BACKUP_DIR: join(dir, 'backups'),
    TICKET_CAPACITY: '5000',
    HOLD_TICKETS_PER_ADDRESS: '100000',
    PAYMENT_STARTS_PER_10_MINUTES: '100000',
    LOGIN_ATTEMPTS_PER_15_MINUTES: '100',
  };
  let t: TestApp;
  let config: AppConfig;

  async function wipe(): Promise<void> {
    if (config.database.type === 'mysql') await wipeMysql(config.database.url);
    else for (const suffix of ['', '-wal', '-shm']) rmSync(config.database.path + suffix, { force: true });
    rmSync(config.mail.outboxDir, { recursive: true, force: true });
  }

  beforeAll(async () => {
    t = await createTestApp(env);
    config = t.config;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A party order bought as a guest buys it; returns its id once paid. */
  async function buyTickets(n: number, adults = 2, children = 1): Promise<string> {
    const created = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', `198.51.100.${(n % 250) + 1}`)
      .send(createPartyOrderRequest({ customerEmail: `guest.${n}@example.com`, adultTickets: adults, childTickets: children }))
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: created.body.clientSecret, ...CARD })
      .expect(200);
    await t.http.post('/api/confirm-payment').send({ paymentIntentId: paid.body.id, type: 'party_ticket' }).expect(200);
    return created.body.orderId as string;
  }

  async function buyFeastPacks(manager: string, n: number): Promise<string> {
    const catalog = (await t.http.get('/api/feast-packs').expect(200)).body as FeastCatalog;
    const [pack] = catalog.packs;
    const total = priceFeastOrder([{ price: pack.price, quantity: n }], catalog.taxRateBasisPoints).totalCents;
    const held = await t.http
      .post('/api/feast-order-intent')
      .send({
        customerName: 'Lakshmi Rao',
        customerEmail: `lakshmi.${n}@example.com`,
        customerPhone: '(408) 555-0199',
        items: [{ packId: pack.id, quantity: n }],
        slotId: catalog.slots[0].id,
        totalAmount: total,
      })
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'feast_order', clientSecret: held.body.clientSecret })
      .expect(200);
    return held.body.orderId as string;
  }

  const report = async (cookie: string) => (await t.http.get('/api/admin/reports').set('Cookie', cookie).expect(200)).body as RevenueReport;

  it('restores every order, ticket, check-in and payment of a backup taken while tickets sell, with the same totals', async () => {
    // The party is on: the door admits.
    await t.app.get(SiteService).update({
      ...DEFAULT_SITE_CONFIG,
      party: {
        ...DEFAULT_SITE_CONFIG.party,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      },
    });
    const manager = await managerCookie(t, PASSWORD);
    await t.http
      .put('/api/admin/feast-packs')
      .set('Cookie', manager)
      .send({
        open: true,
        packs: [{ name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads, sweets', price: 3999, vegetarian: true }],
        slots: [{ date: '2026-11-07', time: '13:30', capacity: 40 }],
      })
      .expect(200);
    const door = await deviceCookie(t, manager, 'Front door', 'door');

    // Sold before the backup: tickets (two of them checked in), feast packs, drinks.
    const parties = [await buyTickets(1), await buyTickets(2, 4, 0), await buyTickets(3, 1, 2)];
    const codes = t.app.get(TicketCodes);
    await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: codes.codeFor(parties[0]) })
      .expect(200);
    await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: codes.codeFor(parties[1]), guests: 2 })
      .expect(200);
    await buyFeastPacks(manager, 2);
    await buyFeastPacks(manager, 1);
    for (const name of ['Priya Natarajan', 'Rohan Das']) {
      const { paymentIntentId } = await payDrinks(t, createDrinkPaymentRequest({ customerName: name }));
      await t.http.post('/api/confirm-drink-payment').send({ paymentIntentId }).expect(200);
    }
    // The confirmations of the ticket and feast pack orders and the drinks receipts are sent (to the outbox).
    const unsent = async () => {
      let count = 0;
      for (const table of ['party_orders', 'feast_orders', 'drink_receipts']) {
        count += Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE emailStatus <> 'sent'`))[0].n);
      }
      return count;
    };
    const mailsDue = Date.now() + 10_000;
    while ((await unsent()) > 0 && Date.now() < mailsDue) await new Promise((resolve) => setTimeout(resolve, 50));
    const before = await snapshot(t.dataSource);
    const totalsBefore = (await report(manager)).totals;
    const mailsBefore = readdirSync(config.mail.outboxDir);
    expect(before.get('party_orders')!.size).toBe(3);
    expect(before.get('ticket_redemptions')!.size).toBe(2);
    expect(before.get('feast_orders')!.size).toBe(2);
    expect(before.get('drink_orders')!.size).toBe(2);
    expect(mailsBefore.length).toBeGreaterThanOrEqual(5);

    // A bounded load of ticket purchases keeps going through the backup.
    const sold: { orderId: string; doneAt: number }[] = [];
    let stop = false;
    let n = 100;
    const buyers = [0, 1].map(async () => {
      while (!stop) {
        n += 1;
        sold.push({ orderId: await buyTickets(n), doneAt: Date.now() });
      }
    });
    const firstSales = Date.now() + 30_000;
    while (sold.length < 3 && Date.now() < firstSales) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupStarted = Date.now();
    const soldBeforeBackup = sold.filter((s) => s.doneAt < backupStarted).map((s) => s.orderId);
    const backup = await createBackup(config);
    const backupEnded = Date.now();
    // Sales go on after it too; then the load stops.
    const lastSales = Date.now() + 30_000;
    while (!sold.some((s) => s.doneAt > backupEnded) && Date.now() < lastSales) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(buyers);
    const soldAfterBackup = sold.filter((s) => s.doneAt > backupEnded).length;
    expect(soldBeforeBackup.length).toBeGreaterThan(0);
    expect(soldAfterBackup).toBeGreaterThan(0);

    expect(backup.manifest).toMatchObject({ product: 'diwali-festival', formatVersion: 1, database: TEST_DATABASE });
    expect(backup.manifest.migrations.length).toBeGreaterThan(30);
    // The checksum file is in sha256sum's format.
    expect(execFileSync('sha256sum', ['-c', backup.checksumFile], { cwd: config.backup.dir }).toString()).toMatch(/: OK$/m);
    // The archive is a plain .tar.gz: manifest first, then the database, then the outbox.
    const listed = execFileSync('tar', ['-tzf', backup.file]).toString().trim().split('\n');
    expect(listed.slice(0, 2)).toEqual(['manifest.json', TEST_DATABASE === 'sqlite' ? 'database.sqlite' : 'database.sql']);
    for (const mail of mailsBefore) expect(listed).toContain(`outbox/${mail}`);

    // The server is lost: the database and the outbox are gone.
    await t.close();
    await wipe();
    await expect(restoreBackup(config, backup.file, YES)).resolves.toMatchObject({ outboxFiles: expect.any(Number) });
    t = await createTestApp(env, { keepDatabase: true });
    const after = await snapshot(t.dataSource);

    // Every row committed before the backup began is back as it was.
    for (const [table, rows] of before) {
      if (CHANGING_UNDER_LOAD.has(table)) continue;
      const restored = after.get(table)!;
      for (const [key, row] of rows) expect([table, key, restored.get(key)]).toEqual([table, key, row]);
    }
    // Consistent: the sales finished before the backup began are there, and every order that is
    // there is whole (its payment, its confirmation state), whatever moment the copy caught.
    const restoredOrders = [...after.get('party_orders')!.values()].map((row) => JSON.parse(row) as Row);
    const restoredIds = new Set(restoredOrders.map((o) => o.id));
    for (const id of soldBeforeBackup) expect([id, restoredIds.has(id)]).toEqual([id, true]);
    const loadIds = new Set(sold.map((s) => s.orderId));
    const added = restoredOrders.filter((o) => !before.get('party_orders')!.has(String(o.id)));
    for (const order of added) {
      expect([order.id, loadIds.has(order.id as string)]).toEqual([order.id, true]);
      expect(order).toMatchObject({ adultTickets: 2, childTickets: 1 });
      // Paid with its payment, or caught between the card and the confirmation: held, unpaid.
      const payment = JSON.parse(after.get('simulated_payments')!.get(String(order.paymentIntentId)) ?? 'null') as Row | null;
      if (order.status === 'paid') expect(payment).toMatchObject({ status: 'succeeded', amountCents: order.totalCents });
      else expect([order.id, order.status, order.paidAt]).toEqual([order.id, 'pending', null]);
    }
    for (const row of after.get('ticket_redemptions')!.values()) expect(restoredIds.has((JSON.parse(row) as Row).orderId)).toBe(true);

    // The staff see the same totals, plus exactly the sales the backup caught.
    const manager2 = await managerCookie(t, PASSWORD);
    const addedOf = (field: string) => added.filter((o) => o.status === 'paid').reduce((sum, o) => sum + Number(o[field]), 0);
    expect((await report(manager2)).totals).toEqual({
      ...totalsBefore,
      ticketRevenueCents: totalsBefore.ticketRevenueCents + addedOf('totalCents'),
      netCents: totalsBefore.netCents + addedOf('totalCents'),
      taxCents: totalsBefore.taxCents + addedOf('taxCents'),
      ticketsSold: totalsBefore.ticketsSold + addedOf('adultTickets') + addedOf('childTickets'),
    });
    // The door still knows who came in; the e-mails of the embedded outbox are back.
    const again = await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', await deviceCookie(t, manager2, 'Door 2', 'door'))
      .send({ code: codes.codeFor(parties[0]) });
    expect(again.body).toMatchObject({ result: 'already_checked_in', admitted: 3, total: 3 });
    for (const mail of mailsBefore) expect(existsSync(join(config.mail.outboxDir, mail))).toBe(true);
  }, 120_000);

  it('refuses a damaged file, a file that is not a festival backup, a database that holds data, and an unconfirmed restore', async () => {
    const backup = await createBackup(config);
    const refusal = (file: string, options: RestoreOptions = YES) =>
      restoreBackup(config, file, options).then(
        () => 'restored',
        (error: unknown) => (error instanceof RestoreRefused ? error.message : `not a refusal: ${String(error)}`),
      );
    const tablesNow = (await tablesIn(config.database)).length;
    expect(tablesNow).toBeGreaterThan(30);

    // The running database is not overwritten.
    expect(await refusal(backup.file)).toMatch(new RegExp(`is not empty \\(${tablesNow} tables\\): restore only into an empty database`));

    // One byte changed on the way: the checksum beside it no longer matches.
    const damaged = join(dir, 'damaged.tar.gz');
    const bytes = readFileSync(backup.file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(damaged, bytes);
    copyFileSync(backup.checksumFile, `${damaged}.sha256`);
    expect(await refusal(damaged)).toBe('damaged.tar.gz does not match its checksum: the file is damaged or was changed; use another copy');
    const unchecked = join(dir, 'unchecked.tar.gz');
    copyFileSync(backup.file, unchecked);
    expect(await refusal(unchecked)).toBe(`No checksum file beside the backup: ${unchecked}.sha256 is missing`);

    // Other files, each with a right checksum: a tar.gz of something else, a manifest of another product, not an archive.
    const foreign = join(dir, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'Shopping list\n');
    writeFileSync(join(foreign, 'manifest.json'), JSON.stringify({ product: 'another-shop', formatVersion: 1, database: TEST_DATABASE }));
    const withChecksum = (file: string) => {
      writeFileSync(`${file}.sha256`, execFileSync('sha256sum', [file]));
      return file;
    };
    execFileSync('tar', ['-czf', join(dir, 'notes.tar.gz'), '-C', foreign, 'notes.txt']);
    execFileSync('tar', ['-czf', join(dir, 'other.tar.gz'), '-C', foreign, 'manifest.json']);
    writeFileSync(join(dir, 'plain.tar.gz'), 'not an archive at all');
    for (const name of ['notes.tar.gz', 'other.tar.gz']) {
      expect(await refusal(withChecksum(join(dir, name)))).toBe(
        `${name} is not a festival backup: it has no manifest of diwali-festival, format 1`,
      );
    }
    expect(await refusal(withChecksum(join(dir, 'plain.tar.gz')))).toBe('plain.tar.gz is not a festival backup (not a .tar.gz archive)');
    expect(await tablesIn(config.database)).toHaveLength(tablesNow);

    // Into an empty database, but not confirmed: nothing is written.
    await t.close();
    await wipe();
    const questions: string[] = [];
    const declined = { confirm: async (question: string) => (questions.push(question), false) };
    expect(await refusal(backup.file, declined)).toBe('Not restored: not confirmed');
    expect(questions).toEqual([
      expect.stringMatching(
        /^Restore the backup of \S+Z \((sqlite|mysql), \d+ migrations, \d+ outbox e-mails\) into the (SQLite|MySQL) database /,
      ),
    ]);
    expect(await tablesIn(config.database)).toEqual([]);
    expect(existsSync(config.mail.outboxDir)).toBe(false);

    // Confirmed, it restores; the API starts on it.
    await restoreBackup(config, backup.file, YES);
    t = await createTestApp(env, { keepDatabase: true });
    await t.http.get('/api/health').expect(200);
  }, 120_000);

  it('asks for yes typed out: any other answer, or none, is no', async () => {
    const answer = (typed: string) => askToConfirm('Restore?', Readable.from([typed]), new PassThrough());
    expect(await answer('yes\n')).toBe(true);
    expect(await answer('  yes \n')).toBe(true);
    for (const typed of ['y\n', 'YES\n', 'no\n', '\n', '']) expect([typed, await answer(typed)]).toEqual([typed, false]);
  });

  it(`keeps the backups of the last BACKUP_RETENTION_DAYS days and deletes older ones with their checksums, nothing else`, async () => {
    const folder = join(dir, 'retention');
    mkdirSync(folder);
    const kept = loadConfig({ NODE_ENV: 'test', BACKUP_DIR: folder, BACKUP_RETENTION_DAYS: '14' });
    expect(kept.backup).toEqual({ dir: folder, retentionDays: 14 });
    expect(loadConfig({ NODE_ENV: 'test' }).backup).toEqual({ dir: '.data/backups', retentionDays: 14 });
    expect(() => loadConfig({ NODE_ENV: 'test', BACKUP_RETENTION_DAYS: '0' })).toThrow(/BACKUP_RETENTION_DAYS: must be at least 1 day/);
    const now = new Date('2026-11-20T03:30:00Z');
    const day = 24 * 60 * 60 * 1000;
    const files = {
      'festival-backup-2026-11-05T03-30-00-000Z.tar.gz': 15,
      'festival-backup-2026-11-05T03-30-00-000Z.tar.gz.sha256': 15,
      'festival-backup-2026-11-07T03-30-00-000Z.tar.gz': 13,
      'festival-backup-2026-11-07T03-30-00-000Z.tar.gz.sha256': 13,
      'notes-of-the-owner.txt': 40,
    };
    for (const [name, age] of Object.entries(files)) {
      writeFileSync(join(folder, name), 'x');
      const at = new Date(now.getTime() - age * day);
      utimesSync(join(folder, name), at, at);
    }
    expect(await pruneBackups(kept, now)).toEqual(['festival-backup-2026-11-05T03-30-00-000Z.tar.gz']);
    expect(readdirSync(folder).sort()).toEqual([
      'festival-backup-2026-11-07T03-30-00-000Z.tar.gz',
      'festival-backup-2026-11-07T03-30-00-000Z.tar.gz.sha256',
      'notes-of-the-owner.txt',
    ]);
  });
});
