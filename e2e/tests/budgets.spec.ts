import { expect, test, type Page } from '@playwright/test';
import { networkQuiet, SCRIPT_BUDGETS_KIB, uncompressedTextFiles, WireLog, wireBodyBytes, type WireFile } from '@festival/test-kit';
import { E2E_ADMIN_PASSWORD } from '../support/environment';

const KIB = 1024;

// The door page's service worker copies every file the page loaded into its cache once it runs:
// those are the worker's requests, not the page's, and the budgets are the page's. Blocked, so
// no file of the page is answered by a worker either.
test.use({ serviceWorkers: 'block' });

/** A remote's entry (`/remotes/<name>/remoteEntry.js`): every page loads its remote. */
const REMOTE_ENTRY = /\/remotes\/[^/]+\/remoteEntry\.js$/;

/**
 * Every response the page receives until its scripts have run and the network has been quiet
 * half a second, as Chromium counts it on the wire (DevTools protocol events, see WireLog in
 * @festival/test-kit). The pre-rendered pages start their scripts only once painted, so the
 * wait is for the page's remote entry, then for quiet. The budgets count each script's body as
 * it travelled: the compressed bytes when the server sent br or gzip, without the headers
 * (listed apart, as headerBytes), which depend on the server in front more than on the page.
 */
async function wireOf(page: Page, path: string, ready?: (page: Page) => Promise<void>): Promise<WireFile[]> {
  const log = new WireLog();
  const cdp = await page.context().newCDPSession(page);
  await log.listenTo(cdp);
  await page.goto(path);
  await expect.poll(() => log.files.some((f) => REMOTE_ENTRY.test(new URL(f.url).pathname)), { timeout: 20_000 }).toBe(true);
  if (ready) await ready(page);
  await networkQuiet(log);
  await cdp.detach();
  return log.files;
}

/** The staff session the door page needs: the manager's, signed in through the API. */
async function signIn(page: Page): Promise<void> {
  const login = await page.context().request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
}

const PAGES: { path: string; staff?: boolean; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/' },
  { path: '/hi/' },
  { path: '/ta/' },
  { path: '/drinks' },
  { path: '/hi/drinks' },
  { path: '/ta/drinks' },
  { path: '/diwali-party' },
  { path: '/hi/diwali-party' },
  { path: '/ta/diwali-party' },
  { path: '/admin/login' },
  {
    path: '/admin/door',
    staff: true,
    ready: (page) => expect(page.getByRole('heading', { name: 'Door Check-in' })).toBeVisible({ timeout: 20_000 }),
  },
];

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

test.describe('page-weight budgets (script bytes on the wire)', () => {
  for (const { path, staff, ready } of PAGES) {
    const limit = SCRIPT_BUDGETS_KIB[path];
    test(`${path} downloads at most ${limit} KiB of script, every text file compressed`, async ({ page }, testInfo) => {
      if (staff) await signIn(page);
      const files = await wireOf(page, path, ready);
      const scripts = files.filter((f) => f.type === 'Script');
      const total = wireBodyBytes(scripts);
      const summary = `${path}: ${kib(total)} of script in ${scripts.length} files (headers ${kib(scripts.reduce((s, f) => s + f.headerBytes, 0))} more)`;
      console.log(summary);
      await testInfo.attach('scripts on the wire', {
        contentType: 'text/plain',
        body: [
          summary,
          ...[...scripts]
            .sort((a, b) => b.bodyBytes - a.bodyBytes)
            .map((f) => `${kib(f.bodyBytes).padStart(10)} ${(f.encoding ?? 'identity').padEnd(8)} ${new URL(f.url).pathname}`),
        ].join('\n'),
      });
      expect(scripts.length).toBeGreaterThan(0);
      // The measure is the body as sent: where the server gave its length, exactly that length.
      for (const f of files.filter((file) => file.contentLength !== undefined && file.status === 200)) {
        expect([f.url, f.bodyBytes]).toEqual([f.url, f.contentLength]);
      }
      // Documents, scripts and stylesheets travel as br or gzip (only the smallest may go as they are).
      expect(uncompressedTextFiles(files).map((f) => `${f.type} ${f.url} (${f.bodyBytes} bytes)`)).toEqual([]);
      expect(total).toBeLessThanOrEqual(limit * KIB);
    });
  }

  for (const path of ['/', '/diwali-party', '/drinks']) {
    test(`${path} carries neither antd nor the charts`, async ({ page }) => {
      const bodies: Promise<{ url: string; body: string }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        bodies.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, body: body.toString('utf8') })));
      });
      const files = await wireOf(page, path);
      const scripts = await Promise.all(bodies);
      expect(scripts.length).toBe(files.filter((f) => f.type === 'Script').length);
      expect(scripts.filter((f) => f.url.includes('/remotes/admin-app/') || /ant-btn|@antv\/|antd/.test(f.body)).map((f) => f.url)).toEqual(
        [],
      );
    });
  }
});
