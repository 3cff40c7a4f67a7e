#!/usr/bin/env node
// Data at scale: the staff dashboard on a database holding a million analytics events and ten
// thousand orders (party tickets, feast packs, drinks). Times the analytics reports (funnel,
// event detail page and header, attribution) with the API's own query code and prints how each
// query uses the indexes; then serves the site on that database and times every call the
// dashboard makes when it opens, and the dashboard's first load in Chromium.
// Runs the built code (api/dist and the built site): `npm run build` first.
//
//   node bench/analytics-queries.mjs                          # SQLite in a temporary file
//   node bench/analytics-queries.mjs --database mysql         # TEST_DATABASE_URL, else a private MariaDB
//   node bench/analytics-queries.mjs --database mysql://user:pw@127.0.0.1:3306/bench_db
//   options: --events 1000000 --orders 10000 --runs 7 --page-loads 3 --port 8774
//            --mariadb-port 3314 --record
//
// With a MySQL/MariaDB URL, EVERY TABLE IN THAT DATABASE IS DROPPED first: give it a database
// of its own.
import { filterInstants } from '@festival/contracts';
import { chromiumArgs, median, runMain } from '@festival/test-kit';
import { chromium } from '@playwright/test';
import {
  AnalyticsEventEntity,
  AnalyticsReportService,
  dataSourceOptions,
  ENTITIES,
  fillAnalyticsCounters,
  seededRandom,
  SyntheticVisitors,
} from 'api/testing';
import { DataSource } from 'typeorm';
import { LOAD_TARGET_MS, markdown, QUERY_TARGET_MS } from './lib/analytics-queries-report.mjs';
import { explain } from './lib/query-plan.mjs';
import { commandLine, record } from './lib/results.mjs';
import { createStand, STAFF_PASSWORD, staffCookie } from './lib/stand.mjs';
import { fillOrders } from './lib/synthetic-orders.mjs';

const log = (/** @type {string} */ message) => console.log(`› ${message}`);

// ---------------------------------------------------------------------------------------------
// A reproducible visitor population from the API's synthetic visitors (the demo seed's too):
// sessions from the dashboard's marketing links, search and review sites, direct visits and a
// long tail of forty newsletter campaigns, over two months up to a fortnight ago; one in twenty is a crawler. Some
// checkouts complete, each with an order id of its own.

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The two months of visits end a fortnight ago (midnight UTC): well inside the raw events' kept
 * time (ANALYTICS_RETENTION_DAYS), which the API enforces as it starts.
 */
const START = Math.floor(Date.now() / DAY_MS) * DAY_MS - 74 * DAY_MS;
/** The reports' filter for the whole of the first event (every event filled is its). */
const WHOLE_EVENT = { eventId: 1, since: null, until: null, fromHour: null, untilHour: null };
/**
 * The dashboard's `Event` and `From`–`To` filter over two weeks in the middle of the two months
 * of visits (days in the party's time zone, Los Angeles): the API's query string, and the filter
 * as the reports take it.
 */
const day = (/** @type {number} */ offset) => new Date(START + offset * DAY_MS).toISOString().slice(0, 10);
const RANGE = { from: day(20), to: day(33) };
const RANGE_QUERY = `?eventId=1&from=${RANGE.from}&to=${RANGE.to}`;
const { since: RANGE_SINCE, until: RANGE_UNTIL } = filterInstants(RANGE, 'America/Los_Angeles');
const TWO_WEEKS = {
  eventId: 1,
  since: RANGE_SINCE,
  until: RANGE_UNTIL,
  fromHour: Math.floor(Number(RANGE_SINCE) / 3_600_000),
  untilHour: Math.ceil(Number(RANGE_UNTIL) / 3_600_000),
};
const SPAN_MS = 60 * DAY_MS;

/** The columns written, in the order of each row. */
const COLUMNS = /** @type {const} */ ([
  'eventId',
  'eventType',
  'sessionId',
  'pageViewId',
  'entityId',
  'createdAt',
  'userName',
  'userEmail',
  'userPhone',
  'ipAddress',
  'userAgent',
  'isBot',
  'geoCity',
  'geoRegion',
  'geoCountry',
  'geoLatitude',
  'geoLongitude',
  'scrollDepth',
  'timeOnPage',
  'pageSections',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'referrer',
  'attributionSource',
  'attributionMedium',
  'attributionCampaign',
  'metadata',
]);

/** @param {Date} date */
const stamp = (date) => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * A stored event as a row of SQL values in COLUMNS order.
 * @param {import('api/testing').SyntheticEvent} event
 */
function toRow(event) {
  return COLUMNS.map((column) => {
    const value = event[column];
    if (value instanceof Date) return stamp(value);
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value !== null && typeof value === 'object') return JSON.stringify(value);
    return value;
  });
}

/**
 * Yields rows, a visitor session at a time, until `total`.
 * @param {number} total
 */
function* events(total) {
  const random = seededRandom(20251024);
  let ids = 0;
  const newId = () => `s${(ids += 1).toString(36).padStart(8, '0')}`;
  const visitors = new SyntheticVisitors(random, { newId, botShare: 0.05, newsletterCampaigns: 40 });
  /** @type {import('api/testing').Purchase} */
  const purchase = (kind) => (random() < (kind === 'party' ? 0.5 : 0.4) ? `${kind}-${newId()}` : null);
  let made = 0;
  while (made < total) {
    const visit = visitors.browse(new Date(START + Math.floor(random() * SPAN_MS)), purchase);
    const taken = visit.events.slice(0, total - made);
    made += taken.length;
    for (const event of taken) yield toRow(event);
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * better-sqlite3's connection under TypeORM, for the fastest way in.
 * @typedef {{ prepare(sql: string): { run(values: unknown[]): unknown }, transaction<T>(fn: (rows: T) => void): (rows: T) => void }} SqliteDriverConnection
 */

/**
 * @param {DataSource} ds
 * @param {'mysql' | 'sqlite'} kind
 * @param {number} total
 */
async function fill(ds, kind, total) {
  const started = Date.now();
  const placeholders = `(${COLUMNS.map(() => '?').join(', ')})`;
  const columnList = COLUMNS.map((c) => (kind === 'mysql' ? `\`${c}\`` : `"${c}"`)).join(', ');
  if (kind === 'sqlite') {
    // One transaction of prepared inserts through the driver itself: the fastest way in.
    const db = /** @type {{ databaseConnection: SqliteDriverConnection }} */ (/** @type {unknown} */ (ds.driver)).databaseConnection;
    const insert = db.prepare(`INSERT INTO analytics_events (${columnList}) VALUES ${placeholders}`);
    const all = db.transaction((/** @type {unknown[][]} */ rows) => {
      for (const r of rows) insert.run(r);
    });
    /** @type {unknown[][]} */
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
    /** @type {unknown[][]} */
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

/**
 * The median, min and max time of `runs` runs after one warm-up.
 * @param {() => Promise<unknown>} run
 * @param {number} runs
 */
async function time(run, runs) {
  /** @type {number[]} */
  const samples = [];
  await run(); // warm the caches once, as a dashboard that is in use has them
  for (let i = 0; i < runs; i += 1) {
    const t = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { median: median(samples), min: samples[0], max: samples[samples.length - 1] };
}

/** The dashboard's reads that take its `Event` and `From`–`To` filter. */
const FILTERED_CALLS = [
  '/api/orders',
  '/api/party-tickets',
  '/api/admin/abandoned-carts',
  '/api/analytics/funnel',
  '/api/analytics/attribution',
];

/**
 * Every call the dashboard (admin-app's DashboardPage and its session check) makes when it
 * opens, then the same reads with an event and two weeks picked.
 */
const DASHBOARD_CALLS = [
  '/api/admin/check',
  '/api/site',
  '/api/admin/events',
  ...FILTERED_CALLS,
  ...FILTERED_CALLS.map((path) => `${path}${RANGE_QUERY}`),
];

/**
 * @param {string} baseUrl
 * @param {number} runs
 */
async function timeDashboardCalls(baseUrl, runs) {
  const cookie = await staffCookie(baseUrl);
  const get = async (/** @type {string} */ path) => {
    const res = await fetch(baseUrl + path, { headers: { Cookie: cookie } });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return body.byteLength;
  };
  const calls = [];
  for (const path of DASHBOARD_CALLS) {
    const bytes = await get(path);
    calls.push({ path, bytes, ...(await time(() => get(path), runs)) });
  }
  // As the page makes them when it opens: all at once.
  const opening = DASHBOARD_CALLS.filter((path) => !path.includes('?'));
  const together = await time(() => Promise.all(opening.map(get)), runs);
  return { calls, together };
}

/** Logs in, opens /admin in a fresh browser context, and times until every section shows its data. */
/**
 * @param {string} baseUrl
 * @param {number} loads
 */
async function timeDashboardLoads(baseUrl, loads) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs });
  const samples = [];
  const frames = [];
  try {
    for (let i = 0; i < loads + 1; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const login = await page.request.post(`${baseUrl}/api/admin/login`, { data: { password: STAFF_PASSWORD } });
      if (!login.ok()) throw new Error(`staff login answered ${login.status()}`);
      const section = (/** @type {string} */ heading) =>
        page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
      const firstRow = (/** @type {string} */ heading) => section(heading).locator('tbody tr.ant-table-row').first();
      const started = Date.now();
      await page.goto(`${baseUrl}/admin`);
      // The dashboard's frame: the admin app's code loaded and started, before any data.
      await page.getByRole('heading', { name: 'Order Management' }).waitFor({ timeout: 60_000 });
      const frameMs = Date.now() - started;
      const shown = [
        page.getByRole('status', { name: /^Feast Orders: [1-9]/ }),
        page.getByRole('status', { name: /^Party Tickets: [1-9]/ }),
        section('Feast Pack Conversion Funnel').getByRole('button', { name: /^Page Views [1-9]/ }),
        section('Party Ticket Conversion Funnel').getByRole('button', { name: /^Page Views [1-9]/ }),
        firstRow('Marketing Attribution'),
        firstRow('Feast Pack Orders'),
        firstRow('Diwali Party Tickets'),
        firstRow('Abandoned Carts - Follow Up Opportunities'),
      ];
      await Promise.all(shown.map((locator) => locator.waitFor({ state: 'visible', timeout: 60_000 })));
      // The first load warms the server and the browser's compiled code; it is not counted.
      if (i > 0) {
        samples.push(Date.now() - started);
        frames.push(frameMs);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), samples, frameMedian: median(frames), frames };
}

// ---------------------------------------------------------------------------------------------

/**
 * Fills the database and times the reports, the dashboard's calls and its first load.
 * @param {import('./lib/stand.mjs').Stand} stand
 * @param {{ kind: 'mysql' | 'sqlite', EVENTS: number, ORDERS: number, RUNS: number, PAGE_LOADS: number, port: number }} run
 */
async function measure(stand, { kind, EVENTS, ORDERS, RUNS, PAGE_LOADS, port }) {
  const database = stand.database;
  const ds = new DataSource(
    dataSourceOptions(
      database.kind === 'mysql' ? { type: 'mysql', url: database.url } : { type: 'sqlite', path: database.env.SQLITE_PATH },
      ENTITIES,
    ),
  );
  stand.onStop(() => ds.destroy().catch(() => {}));
  await ds.initialize();
  await ds.runMigrations();
  const version =
    kind === 'mysql'
      ? `MariaDB ${(await ds.query('SELECT VERSION() AS v'))[0].v}`.replace('MariaDB MariaDB', 'MariaDB')
      : `SQLite ${(await ds.query('SELECT sqlite_version() AS v'))[0].v}`;
  log(`filling ${EVENTS.toLocaleString('en-US')} events and ${ORDERS.toLocaleString('en-US')} orders into ${version}…`);
  const fillMs = await fill(ds, kind, EVENTS);
  // The counters (totals, people, attribution per event and hour), as the API records them with
  // each event (the events went in directly): the statements the seasons migration runs on
  // existing events.
  const countersStarted = Date.now();
  const counters = ds.createQueryRunner();
  await fillAnalyticsCounters(counters);
  await counters.release();
  const peopleMs = Date.now() - countersStarted;
  const [{ n: attributionRows }] = await ds.query('SELECT COUNT(*) AS n FROM analytics_attribution');
  const orders = await fillOrders(ds, ORDERS, { start: START, spanMs: SPAN_MS });
  log(`filled in ${((fillMs + orders.ms) / 1000).toFixed(1)} s; the counters in ${(peopleMs / 1000).toFixed(1)} s`);
  // What a running database has: statistics for the query planner.
  if (kind === 'mysql')
    await ds.query('ANALYZE TABLE analytics_events, analytics_attribution, party_orders, feast_orders, drink_orders, drink_tabs');
  else await ds.query('ANALYZE');

  const reports = new AnalyticsReportService(ds.getRepository(AnalyticsEventEntity));
  const counts = await ds.query('SELECT COUNT(*) AS n FROM analytics_events');
  /** @type {Record<string, number>} */
  const eventTypes = {};
  for (const { eventType, n } of await ds.query('SELECT eventType, COUNT(*) AS n FROM analytics_events GROUP BY eventType'))
    eventTypes[eventType] = Number(n);
  // A page in the middle of the page views: what paging far back costs.
  const [{ n: pageViews }] = await ds.query("SELECT COUNT(*) AS n FROM analytics_events WHERE eventType = 'page_view'");
  const [{ id: middleId }] = await ds.query(
    `SELECT id FROM analytics_events WHERE eventType = 'page_view' ORDER BY id LIMIT 1 OFFSET ${Math.floor(Number(pageViews) / 2)}`,
  );
  /** @type {[name: string, route: string, run: () => Promise<unknown>, explained: import('typeorm').SelectQueryBuilder<import('typeorm').ObjectLiteral>[]][]} */
  const cases = [
    ['funnel', 'GET /api/analytics/funnel', () => reports.funnel(WHOLE_EVENT), [reports.funnelQuery(WHOLE_EVENT)]],
    [
      'events, first page',
      'GET /api/analytics/events/page_view (100 newest)',
      () => reports.events('page_view', { limit: 100 }, WHOLE_EVENT),
      [reports.eventsQuery('page_view', { limit: 100 }, WHOLE_EVENT)],
    ],
    [
      'events, deep page',
      `GET /api/analytics/events/page_view?before=${middleId}`,
      () => reports.events('page_view', { limit: 100, before: Number(middleId) }, WHOLE_EVENT),
      [reports.eventsQuery('page_view', { limit: 100, before: Number(middleId) }, WHOLE_EVENT)],
    ],
    [
      'events, header (summary)',
      'GET /api/analytics/events/page_view/summary',
      () => reports.summary('page_view', WHOLE_EVENT),
      reports.summaryQueries('page_view', WHOLE_EVENT),
    ],
    [
      'events, header (summary), a small step',
      'GET /api/analytics/events/party_order_completed/summary',
      () => reports.summary('party_order_completed', WHOLE_EVENT),
      reports.summaryQueries('party_order_completed', WHOLE_EVENT),
    ],
    ['attribution', 'GET /api/analytics/attribution', () => reports.attribution(WHOLE_EVENT), [reports.attributionQuery(WHOLE_EVENT)]],
    // The same with the dashboard's event and two-week filter.
    ['funnel, two weeks', `GET /api/analytics/funnel${RANGE_QUERY}`, () => reports.funnel(TWO_WEEKS), [reports.funnelQuery(TWO_WEEKS)]],
    [
      'events, first page, two weeks',
      `GET /api/analytics/events/page_view${RANGE_QUERY}`,
      () => reports.events('page_view', { limit: 100 }, TWO_WEEKS),
      [reports.eventsQuery('page_view', { limit: 100 }, TWO_WEEKS)],
    ],
    [
      'events, header (summary), two weeks',
      `GET /api/analytics/events/page_view/summary${RANGE_QUERY}`,
      () => reports.summary('page_view', TWO_WEEKS),
      reports.summaryQueries('page_view', TWO_WEEKS),
    ],
    [
      'attribution, two weeks',
      `GET /api/analytics/attribution${RANGE_QUERY}`,
      () => reports.attribution(TWO_WEEKS),
      [reports.attributionQuery(TWO_WEEKS)],
    ],
  ];

  const queries = [];
  let plans = '';
  for (const [name, route, run, explained] of cases) {
    const timing = await time(run, RUNS);
    queries.push({ name, route, ...timing });
    const text = `${name}: ${route}\n  median ${timing.median.toFixed(1)} ms (min ${timing.min.toFixed(1)}, max ${timing.max.toFixed(1)}) over ${RUNS} runs\n${(await Promise.all(explained.map((q) => explain(ds, kind, q)))).join('\n')}\n\n`;
    console.log(`\n${text.trim()}`);
    plans += text;
  }
  const funnel = (await reports.funnel(WHOLE_EVENT)).map((f) => `${f.eventType}=${f.count}`).join(', ');
  console.log(`\nevents in the table: ${Number(counts[0].n).toLocaleString('en-US')}; funnel: ${funnel}`);

  log('serving the site on this database…');
  const site = await stand.startSite({ port });
  const calls = await timeDashboardCalls(site.url, RUNS);
  for (const c of calls.calls)
    console.log(`  GET ${c.path.padEnd(28)} ${(c.bytes / 1024).toFixed(1).padStart(8)} KB  median ${c.median.toFixed(1)} ms`);
  console.log(`  all at once: median ${calls.together.median.toFixed(1)} ms`);
  const load = await timeDashboardLoads(site.url, PAGE_LOADS);
  console.log(
    `  dashboard first load in Chromium: median ${(load.median / 1000).toFixed(2)} s (${load.samples.map((s) => `${s} ms`).join(', ')}), its frame after ${(load.frameMedian / 1000).toFixed(2)} s`,
  );

  return {
    kind,
    database: version,
    command: commandLine(),
    runs: RUNS,
    events: Number(counts[0].n),
    eventTypes,
    orders: { total: ORDERS, ...orders },
    fillMs: fillMs + orders.ms,
    peopleMs,
    attributionRows: Number(attributionRows),
    queries,
    dashboard: { ...calls, load },
    plans,
    funnel,
  };
}

await runMain(
  {
    script: import.meta.url,
    options: {
      database: { type: 'string', default: 'sqlite' },
      events: { type: 'string', default: '1000000' },
      orders: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '7' },
      'page-loads': { type: 'string', default: '3' },
      port: { type: 'string', default: '8774' },
      'mariadb-port': { type: 'string', default: '3314' },
      record: { type: 'boolean', default: false },
    },
    stand: (args) => {
      if (args.database.startsWith('mysql://')) process.env.TEST_DATABASE_URL = args.database;
      return createStand({
        db: args.database === 'sqlite' ? 'sqlite' : 'mysql',
        mariadbPort: Number(args['mariadb-port']),
        prefix: 'festival-scale-',
      });
    },
  },
  async ({ args, stand }) => {
    const kind = args.database === 'sqlite' ? 'sqlite' : 'mysql';
    const figures = await measure(stand, {
      kind,
      EVENTS: Number(args.events),
      ORDERS: Number(args.orders),
      RUNS: Number(args.runs),
      PAGE_LOADS: Number(args['page-loads']),
      port: Number(args.port),
    });
    const {
      queries,
      dashboard: { load },
    } = figures;
    console.log('\n| Report | Median | Target |');
    for (const q of queries) console.log(`| ${q.name} | ${q.median.toFixed(1)} ms | ${q.median < QUERY_TARGET_MS ? 'met' : 'NOT MET'} |`);
    console.log(`| dashboard first load | ${(load.median / 1000).toFixed(2)} s | ${load.median < LOAD_TARGET_MS ? 'met' : 'NOT MET'} |`);
    if (args.record) {
      record(`analytics-queries-${kind}`, { database: figures.database, options: args, figures, markdown: markdown(figures, RANGE) });
    }
  },
);
