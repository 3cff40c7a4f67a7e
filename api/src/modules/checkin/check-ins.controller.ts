import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import {
  checkInRequestSchema,
  complimentaryDrinksRequestSchema,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInStats,
  type ComplimentaryDrinksRequest,
  type ComplimentaryDrinksResponse,
  type DoorSnapshot,
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
