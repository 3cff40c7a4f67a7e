import { Body, Controller, Get, Header, HttpCode, Post, Query, StreamableFile } from '@nestjs/common';
import {
  guestDataSchema,
  guestEmailQuerySchema,
  guestEraseRequestSchema,
  guestEraseResponseSchema,
  guestSearchQuerySchema,
  guestSummarySchema,
  type GuestData,
  type GuestEraseRequest,
  type GuestEraseResponse,
  type GuestSearchQuery,
  type GuestSummary,
} from '@festival/contracts';
import { ApiRoute } from '../../common/route-facts.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { GuestErasure } from './guest-erasure.service.js';
import { GuestsService } from './guests.service.js';

/** `/admin/guests` (docs/privacy.md): the manager's alone (no @Roles). */
@Controller('admin/guests')
export class GuestsController {
  constructor(
    private readonly guests: GuestsService,
    private readonly erasure: GuestErasure,
  ) {}

  /** Guests by e-mail or phone, whole or in part. */
  @Get()
  @ApiRoute({
    tag: 'guests',
    summary: 'Find guests by e-mail or phone (whole or in part; a phone by its digits)',
    query: guestSearchQuerySchema,
    response: { schema: guestSummarySchema, name: 'GuestSummary', array: true },
  })
  @Header('Cache-Control', 'no-store')
  search(@Query(new ZodValidationPipe(guestSearchQuerySchema)) query: GuestSearchQuery): Promise<GuestSummary[]> {
    return this.guests.search(query.q);
  }

  /** Everything held about one guest: the guest's page. */
  @Get('data')
  @ApiRoute({
    tag: 'guests',
    summary: "Everything held about one guest (the guest's page)",
    query: guestEmailQuerySchema,
    response: { schema: guestDataSchema, name: 'GuestData' },
  })
  @Header('Cache-Control', 'no-store')
  data(@Query(new ZodValidationPipe(guestEmailQuerySchema)) query: { email: string }): Promise<GuestData> {
    return this.guests.data(query.email);
  }

  /** The same document as a file: `Export`. */
  @Get('export')
  @ApiRoute({
    tag: 'guests',
    summary: "One guest's data as a JSON file (Export)",
    query: guestEmailQuerySchema,
    response: { mediaType: 'application/json' },
  })
  @Header('Cache-Control', 'no-store')
  async export(@Query(new ZodValidationPipe(guestEmailQuerySchema)) query: { email: string }): Promise<StreamableFile> {
    const data = await this.guests.data(query.email);
    return new StreamableFile(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), {
      type: 'application/json; charset=utf-8',
      disposition: `attachment; filename="guest-data-${data.exportedAt.slice(0, 10)}.json"`,
    });
  }

  /** `Erase`, with the typed confirmation; 409 while the guest holds tickets or a tab. */
  @Post('erase')
  @HttpCode(200)
  @ApiRoute({
    tag: 'guests',
    summary: 'Erase one guest: a pseudonym everywhere, analytics and consent deleted, the address suppressed',
    body: { schema: guestEraseRequestSchema, name: 'GuestEraseRequest' },
    response: { schema: guestEraseResponseSchema, name: 'GuestEraseResponse' },
  })
  erase(
    @Body(new ZodValidationPipe(guestEraseRequestSchema)) body: GuestEraseRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<GuestEraseResponse> {
    return this.erasure.eraseConfirmed(body.email, body.confirmation, actor);
  }
}
