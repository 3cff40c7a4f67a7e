// The fault scripts must fail when a promise is broken, not only pass when it holds. Each test
// copies the built API (api/dist) into api/dist-broken-*/ (so its imports resolve through the
// same node_modules), patches one promise out of the copy by an exact string replacement, runs
// the fault script against it and expects a non-zero exit naming that promise; then runs the
// script against the real build and expects it to pass. A patch whose text is no longer in the
// build fails the test: it must be updated, never silently skipped.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'api', 'dist');

interface Patch {
  file: string;
  replacements: [from: string, to: string][];
}

/** A copy of the built API with the patches applied; returns the path of its main.js. */
function brokenBuild(patches: Patch[]): { entry: string; remove: () => void } {
  if (!existsSync(join(DIST, 'main.js'))) throw new Error('api/dist/main.js is missing: run `npm run build -w api` first');
  const dir = mkdtempSync(join(ROOT, 'api', 'dist-broken-'));
  cpSync(DIST, dir, { recursive: true });
  for (const { file, replacements } of patches) {
    const path = join(dir, file);
    let source = readFileSync(path, 'utf8');
    for (const [from, to] of replacements) {
      const found = source.split(from).length - 1;
      if (found !== 1) {
        rmSync(dir, { recursive: true, force: true });
        throw new Error(
          `The code this test breaks on purpose has moved: expected ${JSON.stringify(from)} once in api/dist/${file}, found it ${found} times. Update the patch.`,
        );
      }
      source = source.replace(from, to);
    }
    writeFileSync(path, source);
  }
  return { entry: join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function runFaultScript(name: string, entry: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join('bench', 'faults', name), '--db', 'sqlite', '--api-entry', entry], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, TEST_DATABASE_URL: '' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Paying twice for the same order: the one completion forgets "already paid" (the payment events and the lock). */
const TICKET_WEBHOOK_NOT_IDEMPOTENT: Patch = {
  file: 'modules/payments/order-lifecycle/held-order-completion.js',
  replacements: [
    ["if (!order || order.status === 'paid' || order.status === 'refunded')", "if (!order || order.status === 'refunded')"],
    ["if (current.status === 'paid')\n                return 'already-paid';\n", ''],
    ["const unpaid = { id: current.id, status: In(['pending', 'cancelled']) };", 'const unpaid = { id: current.id };'],
  ],
};

/** A mail server that does not answer is taken for a permanent refusal: no retry. */
const SMTP_DOWN_IS_PERMANENT: Patch = {
  file: 'modules/mail/mail.service.js',
  replacements: [['return new MailDeliveryError(message, false);', 'return new MailDeliveryError(message, true);']],
};

/** Stripe's webhook is ignored: only the browser's confirmation would complete an order. */
const TICKET_WEBHOOK_IGNORED: Patch = {
  file: 'modules/tickets/tickets.service.js',
  replacements: [['this.completion.completeOnPaymentEvents(this.kind);', 'void this.kind;']],
};

describe('the fault scripts catch a broken promise', () => {
  it('webhook-replay fails when a replayed webhook confirms a ticket order again, and passes on the real build', () => {
    const broken = brokenBuild([TICKET_WEBHOOK_NOT_IDEMPOTENT]);
    try {
      const run = runFaultScript('webhook-replay.mjs', broken.entry);
      expect(run.output).toContain('✗ BROKEN: e-mails sent: unchanged by the replays');
      expect(run.output).toContain('✗ BROKEN: ticket sales in analytics: unchanged by the replays');
      expect(run.status).toBe(1);
    } finally {
      broken.remove();
    }
    const real = runFaultScript('webhook-replay.mjs', 'api/dist/main.js');
    expect(real.output).toContain('all promises held');
    expect(real.output).not.toContain('✗');
    expect(real.status).toBe(0);
  }, 240_000);

  it('smtp-outage fails when an unreachable mail server counts as a final failure, and passes on the real build', () => {
    const broken = brokenBuild([SMTP_DOWN_IS_PERMANENT]);
    try {
      const run = runFaultScript('smtp-outage.mjs', broken.entry);
      expect(run.output).toContain('✗ BROKEN: no recipient ended failed: the outage was retried, not given up');
      expect(run.output).toContain('✗ BROKEN: the campaign finished by itself with every recipient sent');
      expect(run.status).toBe(1);
    } finally {
      broken.remove();
    }
    const real = runFaultScript('smtp-outage.mjs', 'api/dist/main.js');
    expect(real.output).toContain('all promises held');
    expect(real.output).not.toContain('✗');
    expect(real.status).toBe(0);
  }, 240_000);

  it('api-kill fails when the webhook no longer completes a ticket order, and passes on the real build', () => {
    const broken = brokenBuild([TICKET_WEBHOOK_IGNORED]);
    try {
      const run = runFaultScript('api-kill.mjs', broken.entry);
      expect(run.output).toContain('✗ BROKEN: the webhooks complete the four orders paid just before and during the kill');
      expect(run.output).toContain('✗ BROKEN: each paid buyer gets exactly one confirmation e-mail');
      expect(run.status).toBe(1);
    } finally {
      broken.remove();
    }
    const real = runFaultScript('api-kill.mjs', 'api/dist/main.js');
    expect(real.output).toContain('all promises held');
    expect(real.output).not.toContain('✗');
    expect(real.status).toBe(0);
  }, 240_000);

  it('refuses to patch code that is not in the build, so no test passes without its fault', () => {
    expect(() => brokenBuild([{ file: 'modules/mail/mail.service.js', replacements: [['this text is not in the build', '']] }])).toThrow(
      /has moved: expected "this text is not in the build" once in api\/dist\/modules\/mail\/mail.service.js, found it 0 times/,
    );
  });
});
