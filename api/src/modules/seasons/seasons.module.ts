import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SeasonEntity } from './season.entity.js';
import { SeasonsService } from './seasons.service.js';

/** The events (seasons) and which one is on sale; every module that labels rows with their event uses it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SeasonEntity])],
  providers: [SeasonsService],
  exports: [SeasonsService],
})
export class SeasonsModule {}
