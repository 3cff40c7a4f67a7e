import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  addGuestsRequestSchema,
  confirmDoorSaleRequestSchema,
  doorSaleRequestSchema,
  type AddGuestsRequest,
  type ConfirmDoorSaleRequest,
  type DoorSaleRequest,
  type DoorSaleResponse,
  type PartyOrderDetails,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Roles } from '../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { StaffSalesService } from './staff-sales.service.js';

/** Tickets made by staff (docs/door.md): the manager's comps, and sales at the door. */
@Controller('admin')
export class StaffSalesController {
  constructor(private readonly sales: StaffSalesService) {}

  /** `Add guests`: complimentary tickets, the manager's alone (no @Roles). */
  @Post('party-orders/comps')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  addGuests(
    @Body(new ZodValidationPipe(addGuestsRequestSchema)) body: AddGuestsRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<PartyOrderDetails> {
    return this.sales.addGuests(body, actor);
  }

  /** `Sell at the door`: door devices and the manager. */
  @Post('door-sales')
  @Roles('door')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  sellAtDoor(
    @Body(new ZodValidationPipe(doorSaleRequestSchema)) body: DoorSaleRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<DoorSaleResponse> {
    return this.sales.sellAtDoor(body, actor);
  }

  /** A door sale's card went through: paid and admitted. */
  @Post('door-sales/:orderId/confirm')
  @Roles('door')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  confirmCardSale(
    @Param('orderId') orderId: string,
    @Body(new ZodValidationPipe(confirmDoorSaleRequestSchema)) body: ConfirmDoorSaleRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<DoorSaleResponse> {
    return this.sales.confirmCardSale(orderId, body.paymentIntentId, actor);
  }
}
