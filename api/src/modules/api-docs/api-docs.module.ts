import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiDocsController } from './api-docs.controller.js';
import { ApiDocsService } from './api-docs.service.js';

@Module({ imports: [DiscoveryModule], controllers: [ApiDocsController], providers: [ApiDocsService] })
export class ApiDocsModule {}
