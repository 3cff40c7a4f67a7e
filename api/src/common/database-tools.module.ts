import { Global, Module } from '@nestjs/common';
import { ExclusiveSection } from './exclusive-section.js';
import { SharedRateLimits } from './rate-limiter.js';

@Global()
@Module({ providers: [ExclusiveSection, SharedRateLimits], exports: [ExclusiveSection, SharedRateLimits] })
export class DatabaseToolsModule {}
