import { Module } from '@nestjs/common';

/** The payments feature; its endpoints arrive with the feature's own work. */
@Module({})
export class PaymentsModule {}
