import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { MigrationsHealthIndicator } from './migrations.health.js';

/** Health: `GET /api/health` (the database), `/api/health/live` and `/api/health/ready` (docs/operations.md). */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController],
  providers: [HealthService, MigrationsHealthIndicator],
})
export class HealthModule {}
