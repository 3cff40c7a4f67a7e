// Fault: the API replicas change behind nginx while guests use the site. nginx runs the
// project's nginx.conf with production's way of finding the replicas kept: the compose service
// name `api`, looked up while nginx runs through a DNS server that answers it as Docker's does
// (one address per running replica; startDnsStandIn of @festival/test-kit on 127.0.0.1 here, in
// place of 127.0.0.11). Each replica listens on an address of its own (127.0.0.2, .3, .4), all
// on MySQL/MariaDB. Nothing is edited or reloaded in nginx at any point.
//   node bench/faults/replica-scale.mjs [--db mysql] [--record]
// MySQL: TEST_DATABASE_URL when set (its tables are dropped first), else a private MariaDB.
// Checks: the two replicas share the requests; a third replica added to the name's answer
// (`docker compose up --scale api=3`) gets requests within nginx's 10 s lookup interval; a
// replica killed while the name still lists it costs no request (nginx goes on to the next
// address); once the name no longer lists it, every request still answers. Prints each check;
// exits 1 when a promise is broken.
import { startDnsStandIn } from '@festival/test-kit';
import { FAULT_OPTIONS, runFault } from '../lib/fault.mjs';
import { createStand, sleep } from '../lib/stand.mjs';

const MARIADB_PORT = 3312;
const API_PORT = 8732;
const NGINX_PORT = 8735;
const REPLICAS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
/** nginx.conf's `resolver … valid=10s`, and a little more. */
const LOOKUP_INTERVAL_MS = 10_000;

/**
 * What each replica served through nginx: its request log lines (pino, one JSON object per
 * line) for /api/health whose request id is nginx's (`$request_id`, 32 hex digits; the
 * stand's own direct probes get the API's UUIDs).
 * @param {import('../lib/stand.mjs').ApiProcess} api
 */
function countServed(api) {
  const counter = { served: 0 };
  let rest = '';
  api.child.stdout?.on('data', (chunk) => {
    const lines = (rest + String(chunk)).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.req?.path === '/api/health' && /^[0-9a-f]{32}$/.test(String(entry.req.id))) counter.served += 1;
      } catch {
        // not a log line of a request
      }
    }
  });
  return counter;
}

await runFault(
  {
    script: import.meta.url,
    options: FAULT_OPTIONS,
    title: () => 'API replicas scaled and lost behind nginx (the service name through a DNS server): MariaDB',
    name: (args) => `replica-scale-${args.db}`,
    stand: (args) => {
      if (args.db !== 'mysql') throw new Error('Replicas share one database: run with --db mysql');
      return createStand({ db: 'mysql', mariadbPort: MARIADB_PORT, prefix: 'festival-fault-scale-' });
    },
    limitSeconds: () => 120,
  },
  async ({ args, stand, checks, figures }) => {
    const dns = await startDnsStandIn({ api: REPLICAS.slice(0, 2) });
    stand.onStop(() => dns.close());
    const replicas = [];
    for (const host of REPLICAS) {
      // One at a time: the first applies the migrations, the others find them done.
      replicas.push(await stand.startApi({ port: API_PORT, host, entry: args['api-entry'], stdio: 'pipe', env: { LOG_LEVEL: 'info' } }));
    }
    const served = replicas.map(countServed);
    // nginx's error log would list every connection the killed replica refuses, as expected.
    const front = await stand.startNginx({ port: NGINX_PORT, apiByName: { resolverPort: dns.port, port: API_PORT }, errorLog: 'ignore' });

    /** `count` requests through nginx, one after another; their statuses (0: no answer). */
    const ask = async (/** @type {number} */ count) => {
      const statuses = [];
      for (let i = 0; i < count; i += 1) {
        statuses.push(
          await fetch(`${front.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
            (r) => r.status,
            () => 0,
          ),
        );
      }
      // The replicas' log lines arrive a moment after their answers.
      await sleep(300);
      return statuses;
    };
    const snapshot = () => served.map((s) => s.served);
    const since = (/** @type {number[]} */ before) => snapshot().map((n, i) => n - before[i]);
    const allOk = (/** @type {number[]} */ statuses) => statuses.every((s) => s === 200);

    // Two replicas, as deploy.replicas starts them.
    let before = snapshot();
    const two = await ask(30);
    const shares = since(before);
    figures.twoReplicas = { statuses: two, served: shares };
    checks.check(
      allOk(two) && shares[0] >= 5 && shares[1] >= 5 && shares[2] === 0,
      'two replicas listed under the name share the requests; the unlisted third gets none',
      `served ${shares.join(' / ')} of 30, ${two.filter((s) => s !== 200).length} not answered`,
    );

    // `--scale api=3`: the third joins the name's answer; nginx finds it by itself.
    dns.answer('api', REPLICAS);
    const scaledAt = Date.now();
    before = snapshot();
    const duringScale = [];
    while (Date.now() - scaledAt < LOOKUP_INTERVAL_MS + 5_000 && since(before)[2] === 0) {
      duringScale.push(...(await ask(5)));
    }
    const joinedAfterMs = Date.now() - scaledAt;
    figures.scaleUp = { joinedAfterMs, requests: duringScale.length };
    checks.check(
      since(before)[2] > 0 && allOk(duringScale),
      'a third replica added to the name gets requests within the lookup interval, nginx untouched, every request answered',
      `first request after ${(joinedAfterMs / 1000).toFixed(1)} s; ${duringScale.length} requests meanwhile, all 200: ${allOk(duringScale)}`,
    );

    // A replica dies while the name still lists it (Docker takes it out of the answer a moment later).
    replicas[0].stop('SIGKILL');
    await sleep(500);
    const afterKill = await ask(30);
    figures.replicaKilled = { statuses: afterKill };
    checks.check(
      allOk(afterKill),
      'a replica killed while the name still lists it costs no request: nginx goes on to the next address',
      `${afterKill.filter((s) => s === 200).length} of 30 answered 200`,
    );

    // It leaves the answer; the two others carry on.
    dns.answer('api', REPLICAS.slice(1));
    await sleep(LOOKUP_INTERVAL_MS + 1_000);
    before = snapshot();
    const afterLeave = await ask(30);
    const remaining = since(before);
    figures.scaledDown = { statuses: afterLeave, served: remaining };
    checks.check(
      allOk(afterLeave) && remaining[1] >= 5 && remaining[2] >= 5,
      'once the name lists only the two left, they share every request',
      `served ${remaining.slice(1).join(' / ')} of 30`,
    );
    figures.dnsQuestions = dns.questions.length;
  },
);
