import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  waitlistJoinRequestSchema,
  type AdminWaitlistEntry,
  type WaitlistJoinRequest,
  type WaitlistJoinResponse,
  type WaitlistOffer,
  type WaitlistSummary,
} from '@festival/contracts';
import { ApiRoute, BodyLimit, KB, RateLimit } from '../../../common/route-facts.js';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Public } from '../../auth/public.decorator.js';
import { CurrentStaff, type StaffActor } from '../../staff/staff-actor.js';
import { WaitlistAdminService } from './waitlist-admin.service.js';
import { WaitlistService } from './waitlist.service.js';

/** The guest's side of the waitlist (docs/waitlist.md): joining, and the offer a link opens. */
@Controller('party-waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  /** Joins the line, or updates the same e-mail's entry in its place. */
  @Post()
  @ApiRoute({
    tag: 'party',
    summary: 'Join the waitlist of a sold-out party',
    body: { schema: waitlistJoinRequestSchema, name: 'WaitlistJoinRequest' },
    response: { type: 'WaitlistJoinResponse' },
  })
  @BodyLimit(2 * KB, 'a name, an e-mail and a count')
  @RateLimit('waitlist-join')
  @Public()
  @HttpCode(200)
  join(@Body(new ZodValidationPipe(waitlistJoinRequestSchema)) body: WaitlistJoinRequest): Promise<WaitlistJoinResponse> {
    return this.waitlist.join(body);
  }

  /** The live offer of a personal link; 410 `This offer has expired` once expired or used. */
  @Get('offers/:token')
  @ApiRoute({ tag: 'party', summary: 'The waitlist offer of a personal link', response: { type: 'WaitlistOffer' } })
  @Header('Cache-Control', 'no-store')
  @Public()
  offer(@Param('token') token: string): Promise<WaitlistOffer> {
    return this.waitlist.offer(token.slice(0, 100));
  }
}

/** The staff page `/admin/waitlist`: manager only (no @Roles), as the guests' e-mail addresses are on it. */
@Controller('admin/waitlist')
export class WaitlistAdminController {
  constructor(private readonly admin: WaitlistAdminService) {}

  @Get()
  @ApiRoute({ tag: 'party', summary: 'The waitlist in line order', response: { type: 'AdminWaitlistEntry', array: true } })
  @Header('Cache-Control', 'no-store')
  list(): Promise<AdminWaitlistEntry[]> {
    return this.admin.list();
  }

  @Get('summary')
  @ApiRoute({ tag: 'party', summary: 'How many wait on the waitlist', response: { type: 'WaitlistSummary' } })
  @Header('Cache-Control', 'no-store')
  summary(): Promise<WaitlistSummary> {
    return this.admin.summary();
  }

  /** `Offer now`: out of turn, when the seats are free. */
  @Post(':id/offer')
  @ApiRoute({ tag: 'party', summary: 'Offer a waitlist entry its tickets now', response: { type: 'AdminWaitlistEntry' } })
  @HttpCode(200)
  offerNow(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<AdminWaitlistEntry> {
    return this.admin.offerNow(id, actor);
  }

  @Delete(':id')
  @ApiRoute({ tag: 'party', summary: 'Remove a waitlist entry', response: { empty: true } })
  @HttpCode(204)
  async remove(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<void> {
    await this.admin.remove(id, actor);
  }
}
