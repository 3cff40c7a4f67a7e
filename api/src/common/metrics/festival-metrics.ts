import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the `kind` label of an order or payment says: one per kind of sale the product makes. */
export type SaleKind = 'party' | 'feast' | 'drinks' | 'tab' | 'door_sale' | 'comp' | 'unknown';

/** The gateway metadata `type` of each kind's payments, as the `kind` label names it. */
const KIND_OF_PAYMENT_TYPE: Record<string, SaleKind> = {
  party_ticket: 'party',
  feast_order: 'feast',
  drink_order: 'drinks',
  drink_tab: 'tab',
  door_sale: 'door_sale',
};

/** The `kind` label of a payment's gateway type (`party_ticket` is `party`). */
export const saleKindOf = (paymentType: string | undefined): SaleKind => KIND_OF_PAYMENT_TYPE[paymentType ?? ''] ?? 'unknown';

/** How an order settled: paid, put on a tab (paid when the tab closes), or its payment refunded because the order no longer fit. */
export type OrderOutcome = 'paid' | 'on_tab' | 'refunded';
/** How a payment ended at the gateway. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'refunded';
/** Who asked for a refund: staff, the gateway's dashboard, or the lifecycle (a payment it could not honour). */
export type RefundSource = 'staff' | 'gateway' | 'unhonoured';
/** An online scan, or an admission a door page made offline and sent later. */
export type AdmissionMode = 'online' | 'offline';

/** One e-mail queue's backlog at scrape time. */
export interface QueueBacklog {
  queue: string;
  /** Messages waiting to be sent or being sent. */
  waiting: number;
  /** Seconds the oldest of them has been due (0 when none is). */
  oldestAgeSeconds: number;
}

/** What the gauges read when Prometheus scrapes: cheap, indexed queries (modules/metrics). */
export interface GaugeSources {
  mailQueues(): Promise<QueueBacklog[]>;
  campaignRecipients(): Promise<{ status: string; count: number }[]>;
  barOpenOrders(): Promise<{ barStatus: string; count: number }[]>;
  openTabs(): Promise<number>;
  databasePool(): { total: number; idle: number; waiting: number };
}

/** The latency buckets, in seconds: a page's API calls should answer well under 0.25 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API's Prometheus metrics (docs/operations.md, "Metrics, dashboards and alerts"): one
 * registry per application, the process's default metrics (event-loop lag among them) and the
 * festival's own, all named `festival_…`. Counters are moved where each domain event happens
 * once; the gauges are read at scrape time through the sources the metrics module sets.
 */
@Injectable()
export class FestivalMetrics {
  readonly registry = new Registry();
  private sources: GaugeSources | undefined;

  private readonly httpRequests = new Counter({
    name: 'festival_http_requests_total',
    help: 'HTTP requests answered, by route template (the API route path, never the raw URL), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'festival_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly orders = new Counter({
    name: 'festival_orders_total',
    help: 'Orders settled, by kind (party, feast, drinks, tab, door_sale, comp) and outcome (paid, on_tab, refunded).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly salesCents = new Counter({
    name: 'festival_sales_cents_total',
    help: 'Money taken by orders paid, in cents, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly payments = new Counter({
    name: 'festival_payments_total',
    help: 'Gateway payments, by kind and outcome (succeeded, failed: a declined card, refunded).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly refunds = new Counter({
    name: 'festival_refunds_total',
    help: 'Refunds recorded, by kind and source (staff, gateway, unhonoured).',
    labelNames: ['kind', 'source'] as const,
    registers: [this.registry],
  });

  private readonly refundedCents = new Counter({
    name: 'festival_refunded_cents_total',
    help: 'Money refunded, in cents, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly checkIns = new Counter({
    name: 'festival_check_ins_total',
    help: 'Admissions at the door, by mode (online scan or offline admission sent later).',
    labelNames: ['mode'] as const,
    registers: [this.registry],
  });

  private readonly guestsAdmitted = new Counter({
    name: 'festival_guests_admitted_total',
    help: 'Guests admitted at the door, by mode.',
    labelNames: ['mode'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const read =
      <T>(pick: (sources: GaugeSources) => Promise<T> | T, empty: T) =>
      async (): Promise<T> =>
        this.sources ? pick(this.sources) : empty;
    const mailQueues = read((s) => s.mailQueues(), []);
    new Gauge({
      name: 'festival_mail_queue_backlog',
      help: 'E-mails waiting to be sent (or being sent), by queue.',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const q of await mailQueues()) this.set({ queue: q.queue }, q.waiting);
      },
    });
    new Gauge({
      name: 'festival_mail_queue_oldest_age_seconds',
      help: 'Seconds the oldest due e-mail of each queue has waited (0 when none is due).',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const q of await mailQueues()) this.set({ queue: q.queue }, q.oldestAgeSeconds);
      },
    });
    const recipients = read((s) => s.campaignRecipients(), []);
    new Gauge({
      name: 'festival_campaign_recipients',
      help: 'Recipients of the campaigns being sent, by status (pending, sending, sent, failed, skipped).',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await recipients()) this.set({ status: row.status }, row.count);
      },
    });
    const barOrders = read((s) => s.barOpenOrders(), []);
    new Gauge({
      name: 'festival_bar_open_orders',
      help: 'Drinks orders at the bar not yet served, by bar status (new, ready).',
      labelNames: ['bar_status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const status of ['new', 'ready']) this.set({ bar_status: status }, 0);
        for (const row of await barOrders()) this.set({ bar_status: row.barStatus }, row.count);
      },
    });
    const openTabs = read((s) => s.openTabs(), 0);
    new Gauge({
      name: 'festival_open_tabs',
      help: 'Drinks tabs open (or being closed).',
      registers: [this.registry],
      async collect() {
        this.set(await openTabs());
      },
    });
    const pool = read((s) => s.databasePool(), { total: 0, idle: 0, waiting: 0 });
    new Gauge({
      name: 'festival_db_pool_connections',
      help: 'Database connections of this replica, by state (total, in_use, idle; waiting: requests queued for one). SQLite is one connection.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        const { total, idle, waiting } = await pool();
        this.set({ state: 'total' }, total);
        this.set({ state: 'in_use' }, Math.max(0, total - idle));
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** Where the gauges read from (set once by the metrics module as it starts). */
  readGaugesFrom(sources: GaugeSources): void {
    this.sources = sources;
  }

  /** Every metric name the registry serves (histograms with their `_bucket`, `_sum` and `_count` series). */
  async names(): Promise<string[]> {
    const names = new Set<string>();
    for (const metric of await this.registry.getMetricsAsJSON()) {
      names.add(metric.name);
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
      if (String(metric.type) === 'summary') for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
    }
    return [...names].sort();
  }

  httpRequest(route: string, method: string, status: number, seconds: number): void {
    this.httpRequests.inc({ route, method, status: String(status) });
    this.httpDuration.observe({ route, method }, seconds);
  }

  /**
   * An order settled, counted once: paid (its money counted, and its gateway payment unless it
   * was paid in cash or free), put on a tab, or refunded because it could not be honoured.
   */
  orderSettled(kind: SaleKind, outcome: OrderOutcome, totalCents = 0, { throughGateway = true } = {}): void {
    this.orders.inc({ kind, outcome });
    if (outcome !== 'paid') return;
    if (totalCents > 0) this.salesCents.inc({ kind }, totalCents);
    if (throughGateway) this.payments.inc({ kind, outcome: 'succeeded' });
  }

  /** A card declined at the gateway (counted once per gateway event). */
  paymentFailed(kind: SaleKind): void {
    this.payments.inc({ kind, outcome: 'failed' });
  }

  /** A refund recorded once, whole or in part. */
  refunded(kind: SaleKind, source: RefundSource, cents: number): void {
    this.refunds.inc({ kind, source });
    this.payments.inc({ kind, outcome: 'refunded' });
    if (cents > 0) this.refundedCents.inc({ kind }, cents);
  }

  /** An admission kept at the door. */
  admitted(mode: AdmissionMode, guests: number): void {
    this.checkIns.inc({ mode });
    if (guests > 0) this.guestsAdmitted.inc({ mode }, guests);
  }
}
