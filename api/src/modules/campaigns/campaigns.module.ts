import { Module } from '@nestjs/common';

/** The campaigns feature; its endpoints arrive with the feature's own work. */
@Module({})
export class CampaignsModule {}
