import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import {
  checkInRequestSchema,
  complimentaryDrinksRequestSchema,
  doorSearchQuerySchema,
  offlineCheckInsRequestSchema,
  type CheckInConflictsResponse,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInStats,
  type ComplimentaryDrinksRequest,
  type ComplimentaryDrinksResponse,
  type DoorSearchResponse,
  type DoorSnapshot,
  type OfflineCheckInsRequest,
  type OfflineCheckInsResponse,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Roles } from '../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { CheckInsService } from './check-ins.service.js';

/** The door's side (the manager, or a door device): admissions, the counter, the offline snapshot. */
@Controller('admin')
@Roles('door')
export class CheckInsController {
  constructor(private readonly checkIns: CheckInsService) {}

  /** A scan: always 200 with a result for a code, valid or not (a scanner is not an error). */
  @Post('check-ins')
  @HttpCode(200)
  checkIn(
    @Body(new ZodValidationPipe(checkInRequestSchema)) body: CheckInRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<CheckInResponse> {
    return this.checkIns.checkIn(body, actor);
  }

  /** The admissions a door page queued while offline: each kept once, over-admissions flagged. */
  @Post('check-ins/offline')
  @HttpCode(200)
  async recordOffline(
    @Body(new ZodValidationPipe(offlineCheckInsRequestSchema)) body: OfflineCheckInsRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<OfflineCheckInsResponse> {
    return { results: await this.checkIns.recordOffline(body, actor) };
  }

  @Get('check-ins/search')
  @Header('Cache-Control', 'no-store')
  async search(@Query(new ZodValidationPipe(doorSearchQuerySchema)) query: { q: string }): Promise<DoorSearchResponse> {
    return { results: await this.checkIns.search(query.q) };
  }

  @Get('check-ins/conflicts')
  @Header('Cache-Control', 'no-store')
  async conflicts(): Promise<CheckInConflictsResponse> {
    return { conflicts: await this.checkIns.conflicts() };
  }

  @Get('check-ins/stats')
  @Header('Cache-Control', 'no-store')
  stats(): Promise<CheckInStats> {
    return this.checkIns.stats();
  }

  @Get('door-snapshot')
  @Header('Cache-Control', 'no-store')
  snapshot(): Promise<DoorSnapshot> {
    return this.checkIns.snapshot();
  }
}

/** The bar's side of the ticket: one complimentary drink per ticketed guest. */
@Controller('admin')
@Roles('bar')
export class ComplimentaryDrinksController {
  constructor(private readonly checkIns: CheckInsService) {}

  @Post('complimentary-drinks')
  @HttpCode(200)
  redeem(
    @Body(new ZodValidationPipe(complimentaryDrinksRequestSchema)) body: ComplimentaryDrinksRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<ComplimentaryDrinksResponse> {
    return this.checkIns.redeemDrinks(body, actor);
  }
}
