import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Dialog, type Page } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, E2E_ADMIN_PASSWORD } from '../support/environment';
import { PRINTED_CODE, typeCode } from '../support/door-codes';
import { waitForMails, type DeliveredMail } from '../support/mailbox';
import { buyPartyTickets } from '../support/party-orders';
import { staffApi } from '../support/staff-api';
import { devicePage } from '../support/staff-pages';

const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

/** The ticket e-mail sent to `email`: its printed code and its QR image (PNG). */
async function ticketMail(email: string): Promise<{ code: string; qrPng: Buffer; mail: DeliveredMail }> {
  const [mail] = await waitForMails((m) => m.parsed.to?.some((a) => a.address === email) ?? false);
  const code = PRINTED_CODE.exec(mail.parsed.text ?? '')?.[1];
  if (!code) throw new Error(`No ticket code in the e-mail to ${email}`);
  const qr = mail.parsed.attachments.find((a) => a.mimeType === 'image/png');
  if (!qr) throw new Error(`No QR image in the e-mail to ${email}`);
  return { code, qrPng: Buffer.from(qr.content as ArrayBuffer), mail };
}

/** A guest buys party tickets on /diwali-party with the simulated card form. */
async function buyTickets(
  page: Page,
  { adults, children, name, email }: { adults: number; children: number; name: [string, string]; email: string },
) {
  await page.goto('/diwali-party');
  for (let i = 0; i < adults; i += 1) await page.getByRole('button', { name: 'Increase adult tickets' }).click();
  for (let i = 0; i < children; i += 1) await page.getByRole('button', { name: 'Increase child tickets' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('First name').fill(name[0]);
  await page.getByLabel('Last name').fill(name[1]);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(408) 555-0177');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill(CARD.number);
  await page.getByLabel('Expiry').fill(CARD.expiry);
  await page.getByLabel('CVC').fill(CARD.cvc);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page.getByText(`A confirmation e-mail with your tickets has been sent to ${email}.`)).toBeVisible();
}

/** A party order paid through the API (as the party page would), from its own browser. */
async function paidOrder(browser: Browser, name: string, email: string, adults: number): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await buyPartyTickets(context.request, {
    customerName: name,
    customerEmail: email,
    customerPhone: '4085550123',
    adultTickets: adults,
    childTickets: 0,
  });
  await context.close();
}

/** A staff browser (the manager) on /admin/door. */
async function openDoor(context: BrowserContext): Promise<Page> {
  const login = await context.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  const page = await context.newPage();
  await page.goto('/admin/door');
  // A fresh phone's first load of the page (a new browser context each time): allow a busy machine.
  await expect(page.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('arrived')).toHaveText(/^Arrived \d+ of \d+$/);
  return page;
}

const result = (page: Page) => page.getByLabel('Scan result');

/** Waits until the phone holds the guest list and the service worker holds the page itself. */
async function waitForOfflineReady(page: Page) {
  await expect(page.getByTestId('offline-list')).toContainText('Guest list on this phone');
  await page.waitForFunction(async () => {
    if (!navigator.serviceWorker.controller) return false;
    return Boolean(await caches.match('/admin/door'));
  });
}

/** A one-character edit of a code (a forged or mistyped ticket). */
const editOneCharacter = (code: string): string =>
  code[40] === 'Q' ? `${code.slice(0, 40)}R${code.slice(41)}` : `${code.slice(0, 40)}Q${code.slice(41)}`;

test.describe('the door', () => {
  // Offline admissions count only in the party's hours: the party is on while these run, and the
  // Event section goes back as it was afterwards (every other spec sees the defaults).
  let eventBefore: unknown;
  test.beforeAll(async () => {
    const api = await staffApi();
    eventBefore = ((await (await api.get('/api/admin/settings')).json()) as { event: unknown }).event;
    const hour = 3_600_000;
    const event = {
      ...(eventBefore as object),
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + 4 * hour).toISOString(),
    };
    expect((await api.put('/api/admin/settings/event', { data: event })).ok()).toBe(true);
    await api.dispose();
  });
  test.afterAll(async () => {
    const api = await staffApi();
    expect((await api.put('/api/admin/settings/event', { data: eventBefore })).ok()).toBe(true);
    await api.dispose();
  });

  test('admits an e-mailed ticket typed, shown to the camera and found by name, then refuses it used or edited', async ({
    page,
    browser,
  }) => {
    test.slow();
    const email = `door.family.${Date.now()}@example.com`;
    // A surname of its own, so the search finds this family alone however often the test runs.
    const surname = `Doorwala ${Date.now()
      .toString(26)
      .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)])}`;
    await buyTickets(page, { adults: 2, children: 1, name: ['Anjali', surname], email });
    const { code, qrPng } = await ticketMail(email);

    const staff = await browser.newContext();
    const door = await openDoor(staff);

    // 1. Typed (or a handheld scanner that types): one guest of three.
    await typeCode(door, code, 1);
    await expect(result(door)).toContainText('Admitted: 1 guest');
    await expect(result(door)).toContainText(`Anjali ${surname}`);
    await expect(result(door)).toContainText('2 adults, 1 child · 1 of 3 in');

    // 2. The e-mailed QR shown to the page's camera (Chromium's fake camera playing a video of it).
    const dir = mkdtempSync(join(tmpdir(), 'door-camera-'));
    writeFileSync(join(dir, 'qr.png'), qrPng);
    const video = join(dir, 'qr.y4m');
    execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', [
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      join(dir, 'qr.png'),
      '-t',
      '2',
      '-r',
      '10',
      '-vf',
      'scale=480:480,pad=640:480:80:0:white,format=yuv420p',
      '-y',
      video,
    ]);
    const cameraBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const cameraContext = await cameraBrowser.newContext({ baseURL: BASE_URL });
      await cameraContext.grantPermissions(['camera']);
      const phone = await openDoor(cameraContext);
      await phone.getByLabel('Guests entering').fill('1');
      await phone.getByRole('button', { name: 'Scan with camera' }).click();
      await expect(result(phone)).toContainText('Admitted: 1 guest', { timeout: 45_000 });
      await expect(result(phone)).toContainText('2 of 3 in');
      await phone.getByRole('button', { name: 'Stop camera' }).click();
    } finally {
      await cameraBrowser.close();
    }

    // 3. Found through Search guests: the last guest of the family.
    await door.getByLabel('Search guests').fill(surname);
    await door.getByRole('button', { name: 'Search' }).click();
    const found = door
      .getByRole('region', { name: 'Guests found' })
      .getByRole('listitem')
      .filter({ hasText: `Anjali ${surname}` });
    await expect(found).toContainText('2 adults, 1 child · 2 of 3 in');
    await found.getByRole('button', { name: 'Admit 1' }).click();
    await expect(result(door)).toContainText('Admitted: 1 guest');
    await expect(result(door)).toContainText('3 of 3 in');

    // The same code again: everyone is in; a code edited by one character is no ticket.
    await typeCode(door, code);
    await expect(result(door)).toContainText('Already checked in');
    await expect(result(door)).toContainText(/Checked in at \d{1,2}:\d{2} [AP]M by Manager/);
    await typeCode(door, editOneCharacter(code.replace(/ /g, '')));
    await expect(result(door)).toContainText('Not a valid ticket');

    // The last ten scans, newest first.
    const scans = door.getByRole('region', { name: 'Last scans' }).getByRole('listitem');
    await expect(scans).toHaveCount(4);
    await expect(scans.first()).toContainText('Not a valid ticket');
    await staff.close();
  });

  test('answers Refunded for the code of an order the manager refunded whole', async ({ browser }) => {
    const stamp = Date.now();
    const email = `door.refunded.${stamp}@example.com`;
    const buyer = await browser.newContext({ baseURL: BASE_URL });
    const orderId = await buyPartyTickets(buyer.request, {
      customerName: 'Refunded Guest',
      customerEmail: email,
      customerPhone: '4085550123',
      adultTickets: 2,
      childTickets: 0,
    });
    await buyer.close();
    const { code } = await ticketMail(email);

    const api = await staffApi();
    const refund = await api.post(`/api/admin/party-orders/${orderId}/refunds`, {
      data: { adults: 2, children: 0, idempotencyKey: `door-refund-${stamp}` },
    });
    expect(refund.status()).toBe(200);
    await api.dispose();

    const staff = await browser.newContext();
    const door = await openDoor(staff);
    await typeCode(door, code);
    await expect(result(door)).toContainText('Refunded');
    await expect(result(door)).not.toContainText('Admitted');
    await staff.close();
  });

  test('keeps admitting offline, survives a reload offline, syncs once, and flags an order two offline doors over-admitted', async ({
    browser,
  }) => {
    test.slow();
    const stamp = Date.now();
    const guests = [
      { name: 'Offline Guest One', email: `offline.one.${stamp}@example.com`, adults: 2 },
      { name: 'Offline Guest Two', email: `offline.two.${stamp}@example.com`, adults: 1 },
      { name: 'Twice Admitted', email: `offline.twice.${stamp}@example.com`, adults: 2 },
    ];
    for (const g of guests) await paidOrder(browser, g.name, g.email, g.adults);
    const [one, two, twice] = await Promise.all(guests.map((g) => ticketMail(g.email)));
    const api = await staffApi();
    const before = (await (await api.get('/api/admin/check-ins/stats')).json()) as { arrived: number; sold: number };

    const context = await browser.newContext();
    const door = await openDoor(context);
    await waitForOfflineReady(door);

    await context.setOffline(true);
    await typeCode(door, one.code);
    await expect(result(door)).toContainText('Admitted: 2 guests');
    await expect(door.getByText('Offline — 1 check-in waiting to sync')).toBeVisible();
    await typeCode(door, two.code);
    await expect(result(door)).toContainText('Admitted: 1 guest');
    await expect(door.getByText('Offline — 2 check-ins waiting to sync')).toBeVisible();

    // A reload without network: the service worker serves the page, IndexedDB still holds the queue.
    await door.reload();
    await expect(door.getByRole('heading', { name: 'Door Check-in' })).toBeVisible();
    await expect(door.getByText('Offline — 2 check-ins waiting to sync')).toBeVisible();
    await typeCode(door, one.code);
    await expect(result(door)).toContainText('Already checked in');

    await context.setOffline(false);
    await expect(door.getByText(/waiting to sync|made offline/)).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () => ((await (await api.get('/api/admin/check-ins/stats')).json()) as { arrived: number }).arrived)
      .toBe(before.arrived + 3);
    // Sent again (a retried upload) changes nothing: each admission has its own id.
    await door.reload();
    await expect(door.getByTestId('arrived')).toHaveText(`Arrived ${before.arrived + 3} of ${before.sold}`);

    // Two doors, both offline, each admit the whole of one order: one conflict.
    const doors = await Promise.all([browser.newContext(), browser.newContext()]);
    const pages = [];
    for (const c of doors) {
      const p = await openDoor(c);
      await waitForOfflineReady(p);
      pages.push(p);
    }
    for (const [i, c] of doors.entries()) {
      await c.setOffline(true);
      await typeCode(pages[i], twice.code);
      await expect(result(pages[i])).toContainText('Admitted: 2 guests');
    }
    for (const c of doors) await c.setOffline(false);
    const conflicts = pages[0].getByRole('region', { name: 'Check-in conflicts' }).getByRole('listitem');
    await expect(conflicts.filter({ hasText: 'Twice Admitted' })).toHaveCount(1, { timeout: 30_000 });
    await expect(conflicts.filter({ hasText: 'Twice Admitted' })).toContainText('4 guests in on an order of 2');
    await expect(conflicts).toHaveCount(1);
    // The manager's dashboard lists it too.
    await pages[0].goto('/admin');
    const onDashboard = pages[0].getByRole('region', { name: 'Check-in conflicts' }).getByRole('listitem');
    await expect(onDashboard.filter({ hasText: 'Twice Admitted' })).toContainText('4 guests in on an order of 2');

    await context.close();
    for (const c of doors) await c.close();
    await api.dispose();
  });

  test('F10: a door phone signing out sends its check-ins made offline first, then keeps no guest list', async ({ browser }) => {
    test.slow();
    const stamp = Date.now();
    const email = `signout.${stamp}@example.com`;
    await paidOrder(browser, 'Signout Guest', email, 2);
    const { code } = await ticketMail(email);
    const api = await staffApi();
    const arrived = async () => ((await (await api.get('/api/admin/check-ins/stats')).json()) as { arrived: number }).arrived;
    const before = await arrived();

    const door = await devicePage(browser, `Door Signout ${stamp}`, 'door');
    await waitForOfflineReady(door);
    // The uploads cannot get through until the sign-out.
    let uploadsBlocked = true;
    await door.route('**/api/admin/check-ins/offline', (route) => (uploadsBlocked ? route.abort() : route.continue()));
    await door.context().setOffline(true);
    await typeCode(door, code);
    await expect(result(door)).toContainText('Admitted: 2 guests');
    await expect(door.getByText('Offline — 1 check-in waiting to sync')).toBeVisible();
    await door.context().setOffline(false);

    // What cannot be sent is not discarded without asking.
    const asked = (answer: (dialog: Dialog) => Promise<void>) =>
      new Promise<string>((resolve) => {
        door.once('dialog', (dialog) => {
          resolve(dialog.message());
          void answer(dialog);
        });
      });
    const QUESTION =
      '1 check-in made offline could not be sent (no connection to the server). Signing out removes it from this phone for good. Sign out anyway?';
    let question = asked((dialog) => dialog.dismiss());
    await door.getByRole('button', { name: 'Logout' }).click();
    expect(await question).toBe(QUESTION);
    await expect(door.getByRole('heading', { name: 'Door Check-in' })).toBeVisible();
    await expect(door.getByText(/1 check-in (waiting to sync|made offline)/)).toBeVisible();
    expect(await arrived()).toBe(before);

    // Asked again, the connection is back by the time the staff member agrees: the sign-out sends
    // the queue before it clears the phone.
    question = asked(async (dialog) => {
      uploadsBlocked = false;
      await dialog.accept();
    });
    await door.getByRole('button', { name: 'Logout' }).click();
    expect(await question).toBe(QUESTION);
    await expect(door).toHaveURL(/\/admin\/login$/);
    await expect(door.getByRole('status').filter({ hasText: 'Signed out' })).toContainText(
      'The door’s guest list was removed from this phone. 1 check-in made offline was sent first.',
    );
    expect(await arrived()).toBe(before + 2);

    // Nothing of the door is left in the browser: no database, no kept files, no service worker.
    await expect
      .poll(() =>
        door.evaluate(async () => ({
          databases: (await indexedDB.databases()).map((d) => d.name).filter((name) => name?.startsWith('festival-door')),
          caches: (await caches.keys()).filter((name) => name.startsWith('festival-door')),
          workers: (await navigator.serviceWorker.getRegistrations()).length,
          session: localStorage.getItem('festival-staff-session'),
        })),
      )
      .toEqual({ databases: [], caches: [], workers: 0, session: null });
    // With the network cut, the door page no longer opens on this phone; with it, it asks to sign in.
    await door.context().setOffline(true);
    await expect(door.goto('/admin/door')).rejects.toThrow();
    await door.context().setOffline(false);
    await door.goto('/admin/door');
    await expect(door).toHaveURL(/\/admin\/login$/);
    await expect(door.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await door.context().close();
    await api.dispose();
  });
});
