import { Body, Controller, Get, Header, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ticketTypesRequestSchema,
  type AdminTicketTypesResponse,
  type PublicTicketTypesResponse,
  type TicketTypesRequest,
} from '@festival/contracts';
import { answerHotRead } from '../../../common/hot-read.js';
import { ApiRoute } from '../../../common/route-facts.js';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Public } from '../../auth/public.decorator.js';
import { CurrentStaff, type StaffActor } from '../../staff/staff-actor.js';
import { TicketTypesService } from './ticket-types.service.js';

/** Ticket types (docs/ticket-types.md): the manager's `Ticket types` section (no @Roles) and the guest page's list. */
@Controller()
export class TicketTypesController {
  constructor(private readonly types: TicketTypesService) {}

  /** The visible types, each at its price now with the tickets left; from its cache (see TicketTypesService.publicAnswer). */
  @Get('party-ticket-types')
  @ApiRoute({
    tag: 'party',
    summary: 'Ticket types on sale, with prices and tickets left',
    response: { type: 'PublicTicketTypesResponse' },
  })
  @Public()
  list(@Res({ passthrough: true }) res: Response): Promise<PublicTicketTypesResponse> {
    return answerHotRead(this.types.publicAnswer, res);
  }

  @Get('admin/ticket-types')
  @ApiRoute({ tag: 'settings', summary: 'Ticket types of the season on sale', response: { type: 'AdminTicketTypesResponse' } })
  @Header('Cache-Control', 'no-store')
  adminList(): Promise<AdminTicketTypesResponse> {
    return this.types.adminTypes();
  }

  /** Every type of the season on sale, in order; answers them as saved. */
  @Put('admin/ticket-types')
  @ApiRoute({
    tag: 'settings',
    summary: 'Change the ticket types',
    body: { schema: ticketTypesRequestSchema, name: 'TicketTypesRequest' },
    response: { type: 'AdminTicketTypesResponse' },
  })
  @Header('Cache-Control', 'no-store')
  save(
    @Body(new ZodValidationPipe(ticketTypesRequestSchema)) body: TicketTypesRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<AdminTicketTypesResponse> {
    return this.types.save(body, actor);
  }
}
