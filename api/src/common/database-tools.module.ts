import { Global, Module } from '@nestjs/common';
import { ExclusiveSection } from './exclusive-section.js';

@Global()
@Module({ providers: [ExclusiveSection], exports: [ExclusiveSection] })
export class DatabaseToolsModule {}
