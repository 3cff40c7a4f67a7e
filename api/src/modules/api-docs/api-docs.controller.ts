import { Controller, Get, Header } from '@nestjs/common';
import { Roles } from '../staff/roles.decorator.js';
import { ApiDocsService } from './api-docs.service.js';
import type { JsonObject } from './openapi-document.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The OpenAPI document of every route (docs/api-docs.md): for signed-in staff, any role. */
@Controller('docs')
@Roles('door', 'bar')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Get()
  @ApiRoute({ tag: 'staff', summary: 'This OpenAPI document', response: { mediaType: 'application/json' } })
  @Header('Cache-Control', 'no-store')
  get(): JsonObject {
    return this.docs.document();
  }
}
