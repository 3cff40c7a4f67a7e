import { Module } from '@nestjs/common';

/** The site feature; its endpoints arrive with the feature's own work. */
@Module({})
export class SiteModule {}
