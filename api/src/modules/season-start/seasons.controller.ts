import { Body, Controller, Get, Header, Post } from '@nestjs/common';
import { startEventRequestSchema, type FestivalEvent, type FestivalEventsResponse, type StartEventRequest } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { SeasonStartService } from './season-start.service.js';
import { SeasonsService, toFestivalEvent } from '../seasons/seasons.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The events (seasons, docs/settings.md): manager only (no @Roles). */
@Controller('admin/events')
export class EventsController {
  constructor(
    private readonly seasons: SeasonsService,
    private readonly seasonStart: SeasonStartService,
  ) {}

  /** Every event, newest first, and which one is on sale (the dashboard's `Event` selector). */
  @Get()
  @ApiRoute({ tag: 'settings', summary: 'Every event: the one on sale and the past ones', response: { type: 'FestivalEventsResponse' } })
  @Header('Cache-Control', 'no-store')
  async list(): Promise<FestivalEventsResponse> {
    const events = (await this.seasons.list()).map(toFestivalEvent);
    return { events, current: events.find((e) => e.status === 'on-sale')!.id };
  }

  /** `Start next event`: 201 with the new event on sale. */
  @Post()
  @ApiRoute({
    tag: 'settings',
    summary: 'Start next event: the event on sale becomes past, a new one goes on sale',
    body: { schema: startEventRequestSchema, name: 'StartEventRequest' },
    response: { type: 'FestivalEvent' },
  })
  @Header('Cache-Control', 'no-store')
  start(
    @Body(new ZodValidationPipe(startEventRequestSchema)) body: StartEventRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<FestivalEvent> {
    return this.seasonStart.startNextEvent(body, actor);
  }
}
