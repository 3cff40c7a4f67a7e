import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { FestivalMetrics } from '../../common/metrics/festival-metrics.js';

/** The one path the metrics port answers. */
export const METRICS_PATH = '/metrics';

/**
 * Serves `GET /metrics` in Prometheus's text format on METRICS_PORT, a port of its own that only
 * Prometheus reaches (the compose network; never published, never behind nginx). A port already
 * taken is logged and the API goes on serving guests without metrics.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MetricsServer.name);
  private server: Server | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: FestivalMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port } = this.config.metrics;
    if (port === 0) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
        (error: unknown) => {
          this.logger.error(`Metrics could not be read: ${String(error)}`);
          res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
        },
      );
    });
    await new Promise<void>((resolve) => {
      server.once('error', (error) => {
        this.logger.error(`Metrics not served: port ${port} could not be opened (${error.message})`);
        resolve();
      });
      server.listen(port, this.config.host, () => {
        this.server = server;
        this.logger.log(`Metrics on port ${port}${METRICS_PATH}`);
        resolve();
      });
    });
  }

  /** The port metrics are served on, or null when they are not. */
  port(): number | null {
    return (this.server?.address() as AddressInfo | null)?.port ?? null;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
