import { Module } from '@nestjs/common';

/** The orders feature; its endpoints arrive with the feature's own work. */
@Module({})
export class OrdersModule {}
