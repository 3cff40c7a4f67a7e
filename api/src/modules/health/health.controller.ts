import { Controller, Get, Header, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import {
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  type HealthResponse,
  type LivenessResponse,
  type ReadinessResponse,
} from '@festival/contracts';
import { ApiRoute } from '../../common/route-facts.js';
import { Public } from '../auth/public.decorator.js';
import { HealthService } from './health.service.js';
import { MigrationsHealthIndicator } from './migrations.health.js';

/** How long the readiness check waits for the database before calling it down. */
const DATABASE_TIMEOUT_MS = 2_000;

@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly checks: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly migrations: MigrationsHealthIndicator,
  ) {}

  /** 200 when the database answers, 503 otherwise (so load balancers take the replica out). */
  @Get()
  @ApiRoute({ tag: 'site', summary: 'Liveness and database readiness', response: { schema: healthResponseSchema, name: 'HealthResponse' } })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const report = await this.health.check();
    res.status(report.database === 'up' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }

  /** Liveness: the process answers. Never asks the database, so an outage does not get replicas restarted. */
  @Get('live')
  @ApiRoute({
    tag: 'site',
    summary: 'Liveness: the process answers',
    response: { schema: livenessResponseSchema, name: 'LivenessResponse' },
  })
  @Header('Cache-Control', 'no-store')
  live(): LivenessResponse {
    return { status: 'ok' };
  }

  /** Readiness: 200 when the database answers and no migration is pending, else 503 saying which. */
  @Get('ready')
  @ApiRoute({
    tag: 'site',
    summary: 'Readiness: the database answers and no migration is pending',
    response: { schema: readinessResponseSchema, name: 'ReadinessResponse' },
  })
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessResponse> {
    try {
      return (await this.checks.check([
        () => this.database.pingCheck('database').withTimeout(DATABASE_TIMEOUT_MS),
        () => this.migrations.check('migrations'),
      ])) as ReadinessResponse;
    } catch (error) {
      // Terminus answers a failed check with a 503 carrying the whole report: it is sent as it is.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse() as ReadinessResponse;
    }
  }
}
