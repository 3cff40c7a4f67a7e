import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type HealthResponse, healthResponseSchema } from '@festival/contracts';
import { Public } from '../auth/public.decorator.js';
import { HealthService } from './health.service.js';
import { ApiRoute } from '../../common/route-facts.js';

@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when the database answers, 503 otherwise (so load balancers take the replica out). */
  @Get()
  @ApiRoute({ tag: 'site', summary: 'Liveness and database readiness', response: { schema: healthResponseSchema, name: 'HealthResponse' } })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const report = await this.health.check();
    res.status(report.database === 'up' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }
}
