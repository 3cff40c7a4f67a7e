import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiDocsController } from './api-docs.controller.js';
import { ApiDocsService } from './api-docs.service.js';
import { RouteCatalog } from './route-catalog.js';

@Module({
  imports: [DiscoveryModule],
  controllers: [ApiDocsController],
  providers: [RouteCatalog, ApiDocsService],
  exports: [RouteCatalog],
})
export class ApiDocsModule {}
