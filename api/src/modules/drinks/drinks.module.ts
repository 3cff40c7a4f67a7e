import { Module } from '@nestjs/common';

/** The drinks feature; its endpoints arrive with the feature's own work. */
@Module({})
export class DrinksModule {}
