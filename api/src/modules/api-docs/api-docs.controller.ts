import { Controller, Get, Header } from '@nestjs/common';
import { Roles } from '../staff/roles.decorator.js';
import { ApiDocsService } from './api-docs.service.js';
import type { JsonObject } from './openapi-document.js';

/** The OpenAPI document of every route (docs/api-docs.md): for signed-in staff, any role. */
@Controller('docs')
@Roles('door', 'bar')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get(): JsonObject {
    return this.docs.document();
  }
}
