import { Global, Module } from '@nestjs/common';
import { FestivalMetrics } from './festival-metrics.js';

/** The application's metrics registry, injected wherever a domain event is counted. */
@Global()
@Module({ providers: [FestivalMetrics], exports: [FestivalMetrics] })
export class MetricsCoreModule {}
