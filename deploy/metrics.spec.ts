import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';
import { FestivalMetrics } from '../api/src/common/metrics/festival-metrics.js';
import { loadConfig } from '../api/src/config/app-config.js';

const ROOT = process.cwd();
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Series Prometheus makes itself for each target, not served by the API. */
const PROMETHEUS_OWN = new Set(['up']);

interface Panel {
  title?: string;
  type: string;
  targets?: { expr: string; datasource?: { uid: string } }[];
  panels?: Panel[];
}

/** Grafana's range variables, as Prometheus receives them once Grafana fills them in. */
const withGrafanaVariables = (expr: string) => expr.replace(/\$__(range|rate_interval|interval)\b/g, '5m');

/**
 * The metric names a PromQL expression selects, read by Prometheus's own PromQL grammar; an
 * expression that does not parse is an error.
 */
function metricNames(expr: string): string[] {
  const tree = parser.parse(expr);
  const names: string[] = [];
  const errors: string[] = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors.push(`${expr.slice(Math.max(0, node.from - 10), node.to + 10)} (at ${node.from})`);
      if (node.name === 'VectorSelector') {
        const identifier = node.node.getChild('Identifier');
        if (identifier) names.push(expr.slice(identifier.from, identifier.to));
      }
    },
  });
  if (errors.length > 0) throw new Error(`${expr} does not parse: ${errors.join(', ')}`);
  return names;
}

const dashboard = JSON.parse(read('deploy/grafana/dashboards/party-night.json')) as { uid: string; panels: Panel[] };
const panels = (list: Panel[]): Panel[] => list.flatMap((panel) => [panel, ...panels(panel.panels ?? [])]);
const dashboardExprs = panels(dashboard.panels).flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel, target })));
const alerts = parse(read('deploy/prometheus/alerts.yml')) as {
  groups: { name: string; rules: { alert: string; expr: string; for?: string; annotations: Record<string, string> }[] }[];
};
const rules = alerts.groups.flatMap((group) => group.rules);

describe('the dashboard and the alert rules against the metrics the API serves', () => {
  let served: Set<string>;
  beforeAll(async () => {
    served = new Set(await new FestivalMetrics().names());
  });

  it('serve the festival metrics and prom-client defaults the operations guide names', () => {
    for (const name of [
      'festival_http_requests_total',
      'festival_http_request_duration_seconds_bucket',
      'festival_orders_total',
      'festival_payments_total',
      'festival_refunds_total',
      'festival_check_ins_total',
      'festival_mail_queue_backlog',
      'festival_mail_queue_oldest_age_seconds',
      'festival_campaign_recipients',
      'festival_bar_open_orders',
      'festival_open_tabs',
      'festival_db_pool_connections',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect([name, served.has(name)]).toEqual([name, true]);
    const own = [...served].filter((name) => !/^(nodejs|process)_/.test(name));
    expect(own.filter((name) => !name.startsWith('festival_'))).toEqual([]);
  });

  it('every expression of the party night dashboard parses and selects only served metrics', () => {
    expect(dashboardExprs.length).toBeGreaterThan(15);
    const unknown = dashboardExprs.flatMap(({ panel, target }) =>
      metricNames(withGrafanaVariables(target.expr))
        .filter((name) => !served.has(name) && !PROMETHEUS_OWN.has(name))
        .map((name) => `${panel.title}: ${name}`),
    );
    expect(unknown).toEqual([]);
    for (const { target } of dashboardExprs) expect(target.datasource?.uid).toBe('festival-prometheus');
  });

  it('covers the party night: sales, door, bar, e-mail and errors', () => {
    const used = new Set(dashboardExprs.flatMap(({ target }) => metricNames(withGrafanaVariables(target.expr))));
    for (const name of [
      'festival_orders_total',
      'festival_sales_cents_total',
      'festival_check_ins_total',
      'festival_bar_open_orders',
      'festival_open_tabs',
      'festival_mail_queue_backlog',
      'festival_http_requests_total',
      'festival_payments_total',
    ])
      expect([name, used.has(name)]).toEqual([name, true]);
  });

  it('every alert rule parses, selects only served metrics, and says what is wrong', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['FestivalHighErrorRate', 'FestivalMailBacklog', 'FestivalPaymentFailures']),
    );
    const unknown = rules.flatMap((rule) =>
      metricNames(rule.expr)
        .filter((name) => !served.has(name) && !PROMETHEUS_OWN.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
    for (const rule of rules) {
      expect([rule.alert, Boolean(rule.annotations.summary), /^\d+m$/.test(rule.for ?? '')]).toEqual([rule.alert, true, true]);
    }
  });

  it('rejects an expression that does not parse, and finds the names inside functions and aggregations', () => {
    expect(() => metricNames('sum(rate(festival_orders_total[5m])')).toThrow(/does not parse/);
    expect(metricNames('sum by (kind) (rate(festival_orders_total{outcome="paid"}[5m])) / on() group_left max(up)')).toEqual([
      'festival_orders_total',
      'up',
    ]);
  });
});

describe('Prometheus and Grafana in compose', () => {
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<string, { profiles?: string[]; ports?: string[]; volumes?: string[]; environment?: Record<string, string> }>;
    volumes: Record<string, unknown>;
  };
  const { prometheus, grafana, api } = compose.services;
  const prometheusConfig = parse(read('deploy/prometheus/prometheus.yml')) as {
    rule_files: string[];
    scrape_configs: { job_name: string; metrics_path: string; dns_sd_configs: { names: string[]; type: string; port: number }[] }[];
  };

  it('run only with the monitoring profile, published on the loopback alone', () => {
    for (const service of [prometheus, grafana]) {
      expect(service.profiles).toEqual(['monitoring']);
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it("scrapes every API replica through Docker's DNS on the port the replicas serve metrics on", () => {
    const [job] = prometheusConfig.scrape_configs;
    expect(job.job_name).toBe('festival-api');
    expect(job.metrics_path).toBe('/metrics');
    expect(job.dns_sd_configs).toEqual([expect.objectContaining({ names: ['api'], type: 'A' })]);
    const replicaPort = loadConfig({ NODE_ENV: 'development', METRICS_PORT: api.environment?.METRICS_PORT }).metrics.port;
    expect(replicaPort).toBeGreaterThan(0);
    expect(job.dns_sd_configs[0].port).toBe(replicaPort);
    // The API never publishes it: only the compose network reaches it.
    expect(api.ports).toBeUndefined();
  });

  it('mounts the scrape config, the alert rules, the provisioning and the dashboard that exist here', () => {
    const mounts = new Map([...(prometheus.volumes ?? []), ...(grafana.volumes ?? [])].map((v) => v.split(':') as [string, string]));
    expect(mounts.get('./deploy/prometheus')).toBe('/etc/prometheus');
    for (const file of prometheusConfig.rule_files)
      expect(existsSync(join(ROOT, 'deploy/prometheus', file.replace('/etc/prometheus/', '')))).toBe(true);
    expect(mounts.get('./deploy/grafana/provisioning')).toBe('/etc/grafana/provisioning');
    const providers = parse(read('deploy/grafana/provisioning/dashboards/festival.yml')) as { providers: { options: { path: string } }[] };
    expect(mounts.get('./deploy/grafana/dashboards')).toBe(providers.providers[0].options.path);
    const sources = parse(read('deploy/grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { uid: string; url: string }[];
    };
    expect(sources.datasources).toEqual([expect.objectContaining({ uid: 'festival-prometheus', url: 'http://prometheus:9090' })]);
    for (const [source] of mounts) if (source.startsWith('./')) expect([source, existsSync(join(ROOT, source))]).toEqual([source, true]);
  });
});

describe('nginx.conf and the metrics', () => {
  const conf = read('nginx.conf');
  const https = conf.slice(conf.indexOf('listen 443 ssl;'));
  const locations = [...https.matchAll(/^\s*location\s+(~\*?|\^~|=)?\s*(\S+)\s*\{([^}]*)\}/gm)].map((m) => ({
    modifier: m[1] ?? '',
    pattern: m[2],
    body: m[3].trim(),
  }));

  /** The location nginx picks for a path: an exact match, else a `^~` prefix, else the first regex in order. */
  function locationFor(path: string) {
    const exact = locations.find((l) => l.modifier === '=' && l.pattern === path);
    if (exact) return exact;
    const prefixes = locations.filter((l) => (l.modifier === '' || l.modifier === '^~') && path.startsWith(l.pattern));
    const longest = prefixes.sort((a, b) => b.pattern.length - a.pattern.length)[0];
    if (longest?.modifier === '^~') return longest;
    const regex = locations.find((l) => l.modifier.startsWith('~') && new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(path));
    return regex ?? longest;
  }

  it('answers 404 for /metrics on the public site, under the API prefix too', () => {
    for (const path of ['/metrics', '/metrics/', '/api/metrics', '/api/metrics/', '/api/metrics/anything']) {
      expect([path, locationFor(path)?.body]).toEqual([path, 'return 404;']);
    }
    // Only those: a page or route that merely contains the word goes its usual way.
    for (const path of ['/api/site', '/api/metrics-report', '/diwali-party']) {
      expect([path, locationFor(path)?.body]).not.toEqual([path, 'return 404;']);
    }
  });
});
