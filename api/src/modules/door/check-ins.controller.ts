import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import {
  checkInRequestSchema,
  doorSearchQuerySchema,
  offlineCheckInsRequestSchema,
  type CheckInConflictsResponse,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInStats,
  type DoorSearchResponse,
  type DoorSnapshot,
  type OfflineCheckInsRequest,
  type OfflineCheckInsResponse,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Roles } from '../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { CheckInsService } from './check-ins.service.js';
import { DoorGuestsService } from './door-guests.service.js';
import { OfflineCheckInsService } from './offline-check-ins.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The door's side (the manager, or a door device): admissions, the counter, the offline snapshot. */
@Controller('admin')
@Roles('door')
export class CheckInsController {
  constructor(
    private readonly checkIns: CheckInsService,
    private readonly offline: OfflineCheckInsService,
    private readonly guests: DoorGuestsService,
  ) {}

  /** A scan: always 200 with a result for a code, valid or not (a scanner is not an error). */
  @Post('check-ins')
  @ApiRoute({
    tag: 'door',
    summary: 'Admit guests on a ticket code',
    body: { schema: checkInRequestSchema, name: 'CheckInRequest' },
    response: { type: 'CheckInResponse' },
  })
  @HttpCode(200)
  checkIn(
    @Body(new ZodValidationPipe(checkInRequestSchema)) body: CheckInRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<CheckInResponse> {
    return this.checkIns.checkIn(body, actor);
  }

  /** The admissions a door page queued while offline: each kept once, over-admissions flagged. */
  @Post('check-ins/offline')
  @ApiRoute({
    tag: 'door',
    summary: 'Upload admissions made while offline',
    body: { schema: offlineCheckInsRequestSchema, name: 'OfflineCheckInsRequest' },
    response: { type: 'OfflineCheckInsResponse' },
  })
  @HttpCode(200)
  async recordOffline(
    @Body(new ZodValidationPipe(offlineCheckInsRequestSchema)) body: OfflineCheckInsRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<OfflineCheckInsResponse> {
    return { results: await this.offline.recordOffline(body, actor) };
  }

  @Get('check-ins/search')
  @ApiRoute({
    tag: 'door',
    summary: 'Find a ticket by name, e-mail or code',
    query: doorSearchQuerySchema,
    response: { type: 'DoorSearchResponse' },
  })
  @Header('Cache-Control', 'no-store')
  async search(@Query(new ZodValidationPipe(doorSearchQuerySchema)) query: { q: string }): Promise<DoorSearchResponse> {
    return { results: await this.guests.search(query.q) };
  }

  @Get('check-ins/conflicts')
  @ApiRoute({ tag: 'door', summary: 'Offline admissions that clashed', response: { type: 'CheckInConflictsResponse' } })
  @Header('Cache-Control', 'no-store')
  async conflicts(): Promise<CheckInConflictsResponse> {
    return { conflicts: await this.offline.conflicts() };
  }

  @Get('check-ins/stats')
  @ApiRoute({ tag: 'door', summary: 'Guests admitted so far', response: { type: 'CheckInStats' } })
  @Header('Cache-Control', 'no-store')
  stats(): Promise<CheckInStats> {
    return this.guests.stats();
  }

  @Get('door-snapshot')
  @ApiRoute({ tag: 'door', summary: "The door's offline snapshot of tickets", response: { type: 'DoorSnapshot' } })
  @Header('Cache-Control', 'no-store')
  snapshot(): Promise<DoorSnapshot> {
    return this.guests.snapshot();
  }
}
