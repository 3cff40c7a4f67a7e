// Fault: the mail server stops in the middle of a campaign and comes back a few seconds later.
//   node bench/faults/smtp-outage.mjs [--db mysql|sqlite] [--api-entry <path to main.js>]
//                                     [--recipients 60] [--outage-ms 4000] [--replicas 1]
// A real SMTP server (smtp-server) on 127.0.0.1:2630, the API on 127.0.0.1:8730 (more replicas on
// :8732 and up) sending at 20 messages a second with retries after 1, 2, 4, 8 s (5 attempts). The campaign is created
// and sent through the staff API; the SMTP server is stopped once a third of it has arrived,
// then started again on the same port. Promises checked: the campaign finishes by itself, every
// recipient gets exactly one copy, the staff's counters match what the server received, and the
// outage shows up as retries, not as failed recipients. Exits 1 when one is broken.
import { startSmtpSink } from '@festival/test-kit';
import { FAULT_OPTIONS, runFault } from '../lib/fault.mjs';
import { createStand, openDatabase, sleep, staffCookie, waitUntil } from '../lib/stand.mjs';

const SMTP_PORT = 2630;
const API_PORT = 8730;
const MARIADB_PORT = 3312;
const RATE_PER_SECOND = 20;
const RETRY_BASE_MS = 1000;
const MAX_ATTEMPTS = 5;
// The waits a recipient gets before giving up: 1 + 2 + 4 + 8 s with the settings above.
const retryBudgetMs = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => RETRY_BASE_MS * 2 ** i).reduce((a, b) => a + b, 0);

await runFault(
  {
    script: import.meta.url,
    options: {
      ...FAULT_OPTIONS,
      recipients: { type: 'string', default: '60' },
      'outage-ms': { type: 'string', default: '4000' },
      replicas: { type: 'string', default: '1' },
    },
    title: (args) =>
      `SMTP server stopped mid-campaign (${args.db}, ${args.replicas} API process(es), ${args.recipients} recipients, outage ${args['outage-ms']} ms)`,
    name: (args) => `smtp-outage-${args.db}`,
    stand: (args) => createStand({ db: args.db, mariadbPort: MARIADB_PORT, prefix: 'festival-fault-smtp-' }),
  },
  async ({ args, stand, checks, figures }) => {
    const recipientCount = Number(args.recipients);
    const outageMs = Number(args['outage-ms']);
    if (outageMs >= retryBudgetMs) throw new Error(`--outage-ms must stay under the retry budget of ${retryBudgetMs} ms`);
    console.log(`  database: ${stand.database.label}; API: ${args['api-entry']}`);
    const sink = await startSmtpSink({ port: SMTP_PORT });
    stand.onStop(() => sink.stop());
    // Every replica runs a sender; they share the database's send clock and claims.
    const replicas = [];
    for (let i = 0; i < Number(args.replicas); i += 1) {
      replicas.push(
        await stand.startApi({
          port: i === 0 ? API_PORT : API_PORT + 1 + i,
          entry: args['api-entry'],
          env: {
            SMTP_URL: sink.url,
            CAMPAIGN_RATE_PER_SECOND: String(RATE_PER_SECOND),
            CAMPAIGN_RETRY_BASE_MS: String(RETRY_BASE_MS),
            CAMPAIGN_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
            CAMPAIGN_POLL_INTERVAL_MS: '100',
          },
        }),
      );
    }
    const api = replicas[0];
    const cookie = await staffCookie(api.url);
    const staff = async (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body = undefined) => {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };

    const recipients = Array.from({ length: recipientCount }, (_, i) => `guest-${String(i + 1).padStart(3, '0')}@example.com`);
    const created = await staff('POST', '/api/campaigns', {
      name: 'Diwali feast packs (SMTP outage drill)',
      subject: 'Feast packs for Diwali',
      content: '<p>Hello {{email}}, our Diwali feast packs are ready to order.</p>',
      recipientEmails: recipients,
    });
    if (created.status !== 201) throw new Error(`creating the campaign answered ${created.status}: ${JSON.stringify(created.body)}`);
    const campaignId = created.body.id;
    const progressOf = async () =>
      (await staff('GET', '/api/campaigns/progress')).body.find((/** @type {{ id: string }} */ c) => c.id === campaignId);

    const send = await staff('POST', `/api/campaigns/${campaignId}/send`);
    if (send.status !== 202) throw new Error(`sending the campaign answered ${send.status}`);
    const sendStartedAt = Date.now();

    // Stop the server once a third has arrived.
    const stopAfter = Math.ceil(recipientCount / 3);
    await sink.waitFor(stopAfter, 20_000);
    await sink.stop();
    const stoppedAt = Date.now();
    const receivedBeforeOutage = sink.messages.length;
    const atStop = await progressOf();
    let worstDuringOutage = atStop;
    while (Date.now() - stoppedAt < outageMs) {
      await sleep(200);
      const p = await progressOf();
      if (p.progress.failed > worstDuringOutage.progress.failed || p.status !== 'sending') worstDuringOutage = p;
    }
    const db = await openDatabase(stand.database);
    stand.onStop(() => db.close());
    const [duringOutage] = await db.query(
      "SELECT SUM(CASE WHEN status = 'pending' AND attempts > 0 THEN 1 ELSE 0 END) AS waiting, SUM(CASE WHEN lastError IS NOT NULL THEN 1 ELSE 0 END) AS hit FROM campaign_recipients WHERE campaignId = ?",
      [campaignId],
    );
    const [example] = await db.query('SELECT lastError FROM campaign_recipients WHERE campaignId = ? AND lastError IS NOT NULL LIMIT 1', [
      campaignId,
    ]);
    await sink.start();
    const restartedAt = Date.now();
    console.log(
      `  SMTP stopped after ${receivedBeforeOutage} of ${recipientCount} messages (${stoppedAt - sendStartedAt} ms into the send), ` +
        `restarted on port ${SMTP_PORT} after ${restartedAt - stoppedAt} ms; at restart ${Number(duringOutage.waiting)} recipient(s) waited for a retry`,
    );

    const finished = await waitUntil(
      async () => {
        const p = await progressOf();
        return p.status !== 'sending' ? p : undefined;
      },
      { timeoutMs: retryBudgetMs + 10_000, everyMs: 200 },
    );
    const final = finished ?? (await progressOf());
    const finishedAt = Date.now();
    console.log(
      `  campaign ${final.status} ${((finishedAt - restartedAt) / 1000).toFixed(1)} s after the restart: ` +
        `sent ${final.progress.sent}, failed ${final.progress.failed}, pending ${final.progress.pending}, skipped ${final.progress.skipped}`,
    );

    const rows = await db.query('SELECT email, status, attempts, lastError FROM campaign_recipients WHERE campaignId = ?', [campaignId]);
    const retried = rows.filter((r) => Number(r.attempts) > 1);
    const retries = rows.reduce((n, r) => n + Math.max(0, Number(r.attempts) - 1), 0);
    const copies = [...sink.byRecipient.entries()];
    const twice = copies.filter(([, n]) => n > 1);
    const missing = recipients.filter((r) => !sink.byRecipient.has(r));
    const strangers = copies.filter(([address]) => !recipients.includes(address));
    console.log(
      `  ${sink.messages.length} messages received (${sink.messages.length - receivedBeforeOutage} after the outage); ${retries} retries over ${retried.length} recipients`,
    );

    Object.assign(figures, {
      recipients: recipientCount,
      ratePerSecond: RATE_PER_SECOND,
      retryDelaysMs: Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => RETRY_BASE_MS * 2 ** i),
      receivedBeforeOutage,
      msIntoSendWhenStopped: stoppedAt - sendStartedAt,
      outageMs: restartedAt - stoppedAt,
      waitingForRetryAtRestart: Number(duringOutage.waiting),
      retries,
      recipientsRetried: retried.length,
      msFromRestartToFinished: finishedAt - restartedAt,
      final: { status: final.status, ...final.progress },
      received: sink.messages.length,
      addressesReceived: sink.byRecipient.size,
      receivedTwice: twice.length,
    });
    checks.check(
      atStop.status === 'sending' && atStop.progress.pending > 0,
      'the server stopped while the campaign still had recipients to send',
      `${atStop.progress.pending} pending at the stop`,
    );
    checks.check(
      Number(duringOutage.hit) > 0,
      'sends failed during the outage (the fault really hit the campaign)',
      `${Number(duringOutage.hit)} recipients with a failed attempt`,
    );
    checks.check(
      worstDuringOutage.status === 'sending' && worstDuringOutage.progress.failed === 0,
      'during the outage nobody was marked failed and the campaign kept sending',
      `status ${worstDuringOutage.status}, failed ${worstDuringOutage.progress.failed}`,
    );
    checks.check(
      final.status === 'sent' && final.progress.sent === recipientCount && final.progress.pending === 0,
      'the campaign finished by itself with every recipient sent',
      `status ${final.status}, ${final.progress.sent}/${recipientCount} sent${final.failureReason ? `, reason: ${final.failureReason}` : ''}`,
    );
    checks.check(
      final.progress.failed === 0,
      'no recipient ended failed: the outage was retried, not given up',
      `${final.progress.failed} failed`,
    );
    checks.check(
      missing.length === 0,
      'every recipient received the campaign',
      missing.length ? `${missing.length} never received it, e.g. ${missing[0]}` : `${recipientCount} recipients`,
    );
    checks.check(
      twice.length === 0,
      'nobody received it twice',
      twice.length ? `${twice.length} received more than one copy, e.g. ${twice[0][0]} × ${twice[0][1]}` : 'one copy each',
    );
    checks.check(strangers.length === 0, 'nothing went to an address outside the list', `${strangers.length} strangers`);
    checks.check(
      final.progress.sent === sink.messages.length && final.progress.sent === sink.byRecipient.size,
      "the staff's sent counter matches what the SMTP server received",
      `staff ${final.progress.sent}, server ${sink.messages.length} messages to ${sink.byRecipient.size} addresses`,
    );
    checks.check(
      retried.length > 0 && rows.filter((r) => r.status === 'sent').length === rows.length,
      'the failed sends were recorded as retries of recipients that were then sent',
      `${retried.length} recipients needed ${retries} retries; error meanwhile: "${String(example?.lastError ?? '').slice(0, 70)}"`,
    );
  },
);
