import { Module } from '@nestjs/common';

/** The tickets feature; its endpoints arrive with the feature's own work. */
@Module({})
export class TicketsModule {}
