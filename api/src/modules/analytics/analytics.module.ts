import { Module } from '@nestjs/common';

/** The analytics feature; its endpoints arrive with the feature's own work. */
@Module({})
export class AnalyticsModule {}
