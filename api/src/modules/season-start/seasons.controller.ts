import { Body, Controller, Get, Header, Post } from '@nestjs/common';
import { startSeasonRequestSchema, type Season, type SeasonsResponse, type StartSeasonRequest } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { SeasonStartService } from './season-start.service.js';
import { SeasonsService, toSeason } from '../seasons/seasons.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The seasons (docs/settings.md), at their first route `/api/admin/events`: manager only (no @Roles). */
@Controller('admin/events')
export class SeasonsController {
  constructor(
    private readonly seasons: SeasonsService,
    private readonly seasonStart: SeasonStartService,
  ) {}

  /** Every season, newest first, and which one is on sale (the dashboard's `Event` selector). */
  @Get()
  @ApiRoute({ tag: 'settings', summary: 'Every event: the one on sale and the past ones', response: { type: 'SeasonsResponse' } })
  @Header('Cache-Control', 'no-store')
  async list(): Promise<SeasonsResponse> {
    const events = (await this.seasons.list()).map(toSeason);
    return { events, current: events.find((e) => e.status === 'on-sale')!.id };
  }

  /** `Start next event`: 201 with the new season on sale. */
  @Post()
  @ApiRoute({
    tag: 'settings',
    summary: 'Start next event: the event on sale becomes past, a new one goes on sale',
    body: { schema: startSeasonRequestSchema, name: 'StartSeasonRequest' },
    response: { type: 'Season' },
  })
  @Header('Cache-Control', 'no-store')
  start(
    @Body(new ZodValidationPipe(startSeasonRequestSchema)) body: StartSeasonRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<Season> {
    return this.seasonStart.startNextSeason(body, actor);
  }
}
