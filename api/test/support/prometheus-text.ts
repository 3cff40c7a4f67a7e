import { createServer } from 'node:net';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** One series of a scrape: its labels and value (a histogram's series are its buckets, sum and count). */
export interface ScrapedSeries {
  labels: Record<string, string>;
  value?: string;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}

export interface ScrapedFamily {
  name: string;
  help: string;
  type: string;
  metrics: ScrapedSeries[];
}

/** A scrape parsed by a Prometheus text-format parser: the families by name. */
export type Scrape = Map<string, ScrapedFamily>;

export function parseScrape(text: string): Scrape {
  const families = parsePrometheusTextFormat(text) as ScrapedFamily[];
  return new Map(
    families.map((family) => [family.name, { ...family, metrics: family.metrics.map((m) => ({ ...m, labels: m.labels ?? {} })) }]),
  );
}

/** The value of the series of `name` whose labels include `labels` (0 when there is none). */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const series = scrape.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels[k] === v));
  return series ? Number(series.value ?? series.count ?? 0) : 0;
}

/** A port nobody listens on now (the OS's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
