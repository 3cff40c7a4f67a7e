import { Body, Controller, Get, Header, Param, Put } from '@nestjs/common';
import { guestMealChangeSchema, type GuestMeal, type GuestMealChange, type KitchenCounts } from '@festival/contracts';
import { ApiRoute } from '../../../common/route-facts.js';
import { ZodValidationPipe } from '../../../common/zod-validation.pipe.js';
import { Roles } from '../../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../../staff/staff-actor.js';
import { KitchenService } from './kitchen.service.js';
import { PartyMeals } from './party-meals.service.js';

/** Meals for the kitchen and the staff (docs/meals.md): the counts (manager, door read-only), a seat's meal changed (manager). */
@Controller('admin')
export class KitchenController {
  constructor(
    private readonly kitchen: KitchenService,
    private readonly meals: PartyMeals,
  ) {}

  @Get('kitchen')
  @Roles('door')
  @ApiRoute({ tag: 'party', summary: "The season's meal counts and allergy list", response: { type: 'KitchenCounts' } })
  @Header('Cache-Control', 'no-store')
  counts(): Promise<KitchenCounts> {
    return this.kitchen.counts();
  }

  /** One seat's meal row, made if missing; answers the order's rows. */
  @Put('party-orders/:orderId/guests/:seat')
  @ApiRoute({
    tag: 'party',
    summary: "Change one guest's meal",
    body: { schema: guestMealChangeSchema, name: 'GuestMealChange' },
    response: { type: 'GuestMeal', array: true },
  })
  @Header('Cache-Control', 'no-store')
  change(
    @Param('orderId') orderId: string,
    @Param('seat') seat: string,
    @Body(new ZodValidationPipe(guestMealChangeSchema)) body: GuestMealChange,
    @CurrentStaff() actor: StaffActor,
  ): Promise<GuestMeal[]> {
    return this.meals.change(orderId, /^\d{1,3}$/.test(seat) ? Number(seat) : Number.NaN, body, actor);
  }
}
