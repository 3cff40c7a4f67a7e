import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { complimentaryDrinksRequestSchema, type ComplimentaryDrinksRequest, type ComplimentaryDrinksResponse } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Roles } from '../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { ComplimentaryDrinksService } from './complimentary-drinks.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The bar's side of the ticket: one complimentary drink per ticketed guest. */
@Controller('admin')
@Roles('bar')
export class ComplimentaryDrinksController {
  constructor(private readonly drinks: ComplimentaryDrinksService) {}

  @Post('complimentary-drinks')
  @ApiRoute({
    tag: 'bar',
    summary: "Serve a ticket's complimentary drinks",
    body: { schema: complimentaryDrinksRequestSchema, name: 'ComplimentaryDrinksRequest' },
    response: { type: 'ComplimentaryDrinksResponse' },
  })
  @HttpCode(200)
  redeem(
    @Body(new ZodValidationPipe(complimentaryDrinksRequestSchema)) body: ComplimentaryDrinksRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<ComplimentaryDrinksResponse> {
    return this.drinks.redeem(body, actor);
  }
}
