/** The port Prometheus scrapes when METRICS_PORT is unset: the exporters' usual 9464. */
export const DEFAULT_METRICS_PORT = 9464;

/** Where the API serves its metrics: a port of its own, never the public one (docs/operations.md). */
export interface MetricsConfig {
  /** 0 serves no metrics. */
  port: number;
}

/**
 * METRICS_PORT: a port number, 0 for none. Unset, it is 9464, except under NODE_ENV=test, where
 * many API processes run side by side and only a test that asks for metrics serves them.
 */
export function parseMetricsConfig(value: string | undefined, nodeEnv: string): MetricsConfig | string {
  if (value === undefined) return { port: nodeEnv === 'test' ? 0 : DEFAULT_METRICS_PORT };
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port >= 0 && port <= 65535)) return 'METRICS_PORT: must be a port number (0 to 65535; 0 serves no metrics)';
  return { port };
}
