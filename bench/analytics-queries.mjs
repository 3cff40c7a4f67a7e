#!/usr/bin/env node
// Times the staff dashboard's analytics reports (funnel, event detail page and header,
// attribution) on a database filled with a million events, and prints how each query uses the
// indexes. Runs the API's own query code (api/dist), so build first: `npm run build`.
//
//   node bench/analytics-queries.mjs                                  # SQLite in a temp file
//   node bench/analytics-queries.mjs --database mysql://user:pw@127.0.0.1:3306/bench_db
//   options: --events 1000000 --runs 7
//
// With a MySQL/MariaDB URL, EVERY TABLE IN THAT DATABASE IS DROPPED first: give it a database
// of its own.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'sqlite' },
    events: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '7' },
  },
});
const EVENTS = Number(args.events);
const RUNS = Number(args.runs);
const mysqlUrl = args.database === 'sqlite' ? undefined : args.database;

const dist = new URL('../api/dist/', import.meta.url);
const { dataSourceOptions } = await import(new URL('database/data-source-options.js', dist).href);
const { AnalyticsReportService } = await import(new URL('modules/analytics/analytics-report.service.js', dist).href);
const { AnalyticsEventEntity } = await import(new URL('modules/analytics/analytics-event.entity.js', dist).href);

const log = (message) => console.log(`› ${message}`);

// ---------------------------------------------------------------------------------------------
// A reproducible visitor population: sessions from the dashboard's marketing links, direct
// visits, referrals and some long-tail campaigns; one in twenty sessions is a crawler.

function random(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20251024);
const pick = (list) => list[Math.floor(rand() * list.length)];

const SOURCES = [
  ['facebook', 'social', 'diwali2024', 0.14],
  ['instagram', 'social', 'diwali2024', 0.1],
  ['twitter', 'social', 'diwali2024', 0.03],
  ['whatsapp', 'messaging', 'diwali2024', 0.08],
  ['email', 'email', 'diwali2024', 0.07],
  ['sms', 'text', 'diwali2024', 0.04],
  ['facebook', 'social', 'diwali_party_2024', 0.06],
  ['instagram', 'social', 'diwali_party_2024', 0.05],
  ['direct', 'none', null, 0.3],
];
const REFERRERS = ['google.com', 'bing.com', 'duckduckgo.com', 'yelp.com', 'nextdoor.com', 'reddit.com', 'news.example'];
const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PLACES = [
  ['San Jose', 'CA', 'US', 37.3394, -121.895],
  ['Milpitas', 'CA', 'US', 37.4323, -121.8996],
  ['Fremont', 'CA', 'US', 37.5483, -121.9886],
  ['Santa Clara', 'CA', 'US', 37.3541, -121.9552],
  [null, null, 'US', 37.751, -97.822],
];
const START = Date.parse('2025-09-01T00:00:00Z');
const SPAN_MS = 60 * 24 * 60 * 60 * 1000;

function attributionOf() {
  const r = rand();
  if (r < 0.06) {
    const host = pick(REFERRERS);
    return { utm: [null, null, null], referrer: `https://www.${host}/`, attribution: [host, 'referral', null] };
  }
  if (r < 0.1) {
    const campaign = `promo_${Math.floor(rand() * 40)}`;
    return { utm: ['newsletter', 'email', campaign], referrer: null, attribution: ['newsletter', 'email', campaign] };
  }
  let x = rand();
  for (const [source, medium, campaign, share] of SOURCES) {
    x -= share;
    if (x <= 0) return { utm: [source, medium, campaign], referrer: null, attribution: [source, medium, campaign] };
  }
  return { utm: ['direct', 'none', null], referrer: null, attribution: ['direct', 'none', null] };
}

const COLUMNS = [
  'eventType', 'sessionId', 'pageViewId', 'entityId', 'createdAt', 'userName', 'userEmail', 'userPhone', 'ipAddress',
  'userAgent', 'isBot', 'geoCity', 'geoRegion', 'geoCountry', 'geoLatitude', 'geoLongitude', 'scrollDepth', 'timeOnPage',
  'pageSections', 'utmSource', 'utmMedium', 'utmCampaign', 'utmContent', 'utmTerm', 'referrer', 'attributionSource',
  'attributionMedium', 'attributionCampaign', 'metadata',
];

const stamp = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/** Yields rows (arrays in COLUMNS order), a visitor session at a time, until `total`. */
function* events(total) {
  let made = 0;
  let session = 0;
  while (made < total) {
    session += 1;
    const sessionId = `s${session.toString(36).padStart(8, '0')}`;
    const bot = rand() < 0.05;
    const { utm, referrer, attribution } = attributionOf();
    const place = pick(PLACES);
    const ip = `${10 + Math.floor(rand() * 200)}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}`;
    const userAgent = bot ? BOT : pick(BROWSERS);
    let at = START + Math.floor(rand() * SPAN_MS);
    const row = (eventType, extra = {}) => {
      at += 1000 + Math.floor(rand() * 120_000);
      made += 1;
      const r = {
        eventType, sessionId, pageViewId: null, entityId: null, createdAt: stamp(at), userName: null, userEmail: null,
        userPhone: null, ipAddress: ip, userAgent, isBot: bot ? 1 : 0, geoCity: place[0], geoRegion: place[1],
        geoCountry: place[2], geoLatitude: place[3], geoLongitude: place[4], scrollDepth: null, timeOnPage: null,
        pageSections: null, utmSource: utm[0], utmMedium: utm[1], utmCampaign: utm[2], utmContent: null, utmTerm: null,
        referrer, attributionSource: attribution[0], attributionMedium: attribution[1], attributionCampaign: attribution[2],
        metadata: null, ...extra,
      };
      return COLUMNS.map((c) => r[c]);
    };
    const views = 1 + Math.floor(rand() * 3);
    for (let v = 0; v < views && made < total; v += 1) {
      const depth = Math.floor(rand() * 101);
      yield row('page_view', {
        pageViewId: `${sessionId}-v${v}`,
        scrollDepth: depth,
        timeOnPage: Math.floor(rand() * 180_000),
        pageSections: JSON.stringify({ hero: { count: 1, visibleMs: 4000 }, packs: { count: depth > 40 ? 1 : 0, visibleMs: depth * 90 }, footer: { count: depth > 90 ? 1 : 0, visibleMs: depth > 90 ? 1500 : 0 } }),
      });
    }
    if (made < total && rand() < 0.06) yield row('catering_clicked', { metadata: '{"phone_number":"(408) 555-0142","source":"catering_card"}' });
    if (made < total && rand() < 0.3) {
      yield row('party_page_view', { pageViewId: `${sessionId}-p` });
      if (made < total && rand() < 0.35) {
        yield row('party_add_to_cart');
        if (made < total && rand() < 0.6) {
          yield row('party_checkout_started');
          if (made < total && !bot && rand() < 0.5) {
            yield row('party_order_completed', { entityId: `ticket-${session}`, isBot: 0, userName: 'Guest', userEmail: `guest${session}@mail.example` });
          }
        }
      }
    }
    if (made < total && rand() < 0.12) {
      yield row('add_to_cart');
      if (made < total && rand() < 0.5) {
        yield row('checkout_started');
        if (made < total && !bot && rand() < 0.4) yield row('order_completed', { entityId: `order-${session}`, isBot: 0 });
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

async function emptyMysql(url) {
  const ds = new DataSource({ type: 'mysql', url });
  await ds.initialize();
  const tables = await ds.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
  await ds.query('SET FOREIGN_KEY_CHECKS = 0');
  for (const { name } of tables) await ds.query(`DROP TABLE IF EXISTS \`${name}\``);
  await ds.query('SET FOREIGN_KEY_CHECKS = 1');
  await ds.destroy();
}

async function fill(ds, total) {
  const started = Date.now();
  const placeholders = `(${COLUMNS.map(() => '?').join(', ')})`;
  const columnList = COLUMNS.map((c) => (mysqlUrl ? `\`${c}\`` : `"${c}"`)).join(', ');
  if (!mysqlUrl) {
    // One transaction of prepared inserts through the driver itself: the fastest way in.
    const db = ds.driver.databaseConnection;
    const insert = db.prepare(`INSERT INTO analytics_events (${columnList}) VALUES ${placeholders}`);
    const all = db.transaction((rows) => {
      for (const r of rows) insert.run(r);
    });
    let batch = [];
    for (const r of events(total)) {
      batch.push(r);
      if (batch.length === 50_000) {
        all(batch);
        batch = [];
      }
    }
    if (batch.length) all(batch);
  } else {
    const BATCH = 2000;
    let batch = [];
    const flush = async () => {
      await ds.query(`INSERT INTO analytics_events (${columnList}) VALUES ${batch.map(() => placeholders).join(', ')}`, batch.flat());
      batch = [];
    };
    for (const r of events(total)) {
      batch.push(r);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length) await flush();
  }
  return Date.now() - started;
}

async function explain(ds, query) {
  const [sql, params] = query.getQueryAndParameters();
  if (!mysqlUrl) {
    const plan = await ds.query(`EXPLAIN QUERY PLAN ${sql}`, params);
    return plan.map((step) => `  ${step.detail}`).join('\n');
  }
  const plan = await ds.query(`EXPLAIN ${sql}`, params);
  return plan
    .map((step) => `  table=${step.table} type=${step.type} key=${step.key ?? 'none'} rows=${step.rows} extra=${step.Extra ?? ''}`)
    .join('\n');
}

async function time(run) {
  const samples = [];
  await run(); // warm the caches once, as a dashboard that is in use has them
  for (let i = 0; i < RUNS; i += 1) {
    const t = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1] };
}

const tempDir = mysqlUrl ? undefined : mkdtempSync(join(os.tmpdir(), 'festival-bench-'));
const database = mysqlUrl ? { type: 'mysql', url: mysqlUrl } : { type: 'sqlite', path: join(tempDir, 'bench.sqlite') };
if (mysqlUrl) await emptyMysql(mysqlUrl);
const ds = new DataSource(dataSourceOptions(database));
await ds.initialize();
try {
  await ds.runMigrations();
  const version = mysqlUrl
    ? (await ds.query('SELECT VERSION() AS v'))[0].v
    : `SQLite ${(await ds.query('SELECT sqlite_version() AS v'))[0].v}`;
  log(`filling ${EVENTS.toLocaleString('en-US')} events into ${version}…`);
  const fillMs = await fill(ds, EVENTS);
  log(`filled in ${(fillMs / 1000).toFixed(1)} s`);
  // What a running database has: statistics for the query planner.
  if (mysqlUrl) await ds.query('ANALYZE TABLE analytics_events');
  else await ds.query('ANALYZE');

  const reports = new AnalyticsReportService(ds.getRepository(AnalyticsEventEntity));
  const counts = await ds.query('SELECT COUNT(*) AS n FROM analytics_events');
  // A page in the middle of the page views: what paging far back costs.
  const [{ n: pageViews }] = await ds.query("SELECT COUNT(*) AS n FROM analytics_events WHERE eventType = 'page_view'");
  const [{ id: middleId }] = await ds.query(
    `SELECT id FROM analytics_events WHERE eventType = 'page_view' ORDER BY id LIMIT 1 OFFSET ${Math.floor(Number(pageViews) / 2)}`,
  );
  const cases = [
    ['funnel', 'GET /api/analytics/funnel', () => reports.funnel(), reports.funnelQuery()],
    [
      'events, first page',
      'GET /api/analytics/events/page_view (100 newest)',
      () => reports.events('page_view', { limit: 100 }),
      reports.eventsQuery('page_view', { limit: 100 }),
    ],
    [
      'events, deep page',
      `GET /api/analytics/events/page_view?before=${middleId}`,
      () => reports.events('page_view', { limit: 100, before: Number(middleId) }),
      reports.eventsQuery('page_view', { limit: 100, before: Number(middleId) }),
    ],
    [
      'events, header (summary)',
      'GET /api/analytics/events/page_view/summary',
      () => reports.summary('page_view'),
      reports.summaryQuery('page_view'),
    ],
    [
      'events, header (summary), a small step',
      'GET /api/analytics/events/party_order_completed/summary',
      () => reports.summary('party_order_completed'),
      reports.summaryQuery('party_order_completed'),
    ],
    ['attribution', 'GET /api/analytics/attribution', () => reports.attribution(), reports.attributionQuery()],
  ];

  const results = [];
  for (const [name, route, run, query] of cases) {
    const timing = await time(run);
    const answer = await run();
    results.push({ name, route, ...timing, rows: Array.isArray(answer) ? answer.length : 1 });
    console.log(`\n${name}: ${route}\n  median ${timing.median.toFixed(1)} ms (min ${timing.min.toFixed(1)}, max ${timing.max.toFixed(1)}) over ${RUNS} runs`);
    console.log(await explain(ds, query));
  }

  const funnel = await reports.funnel();
  console.log(`\nevents in the table: ${Number(counts[0].n).toLocaleString('en-US')}; funnel: ${funnel.map((f) => `${f.eventType}=${f.count}`).join(', ')}`);
  console.log('\n| Report | Route | Median | Min | Max |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.name} | \`${r.route}\` | ${r.median.toFixed(1)} ms | ${r.min.toFixed(1)} ms | ${r.max.toFixed(1)} ms |`);
  }
  console.log(
    `\nmachine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${version}`,
  );
} finally {
  await ds.destroy();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
