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
import { ApiRoute } from '../../common/route-facts.js';

/** Tickets made by staff (docs/door.md): the manager's comps, and sales at the door. */
@Controller('admin')
export class StaffSalesController {
  constructor(private readonly sales: StaffSalesService) {}

  /** `Add guests`: complimentary tickets, the manager's alone (no @Roles). */
  @Post('party-orders/comps')
  @ApiRoute({
    tag: 'party',
    summary: 'Add complimentary guests: a $0 ticket e-mailed to them (idempotent per requestId)',
    body: { schema: addGuestsRequestSchema, name: 'AddGuestsRequest' },
    response: { type: 'PartyOrderDetails' },
  })
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
  @ApiRoute({
    tag: 'door',
    summary: 'Sell tickets at the door, issued already checked in: cash at once, card after confirm (idempotent per requestId)',
    body: { schema: doorSaleRequestSchema, name: 'DoorSaleRequest' },
    response: { type: 'DoorSaleResponse' },
  })
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
  @ApiRoute({
    tag: 'door',
    summary: "A door sale's card payment went through: the order paid and its guests admitted",
    body: { schema: confirmDoorSaleRequestSchema, name: 'ConfirmDoorSaleRequest' },
    response: { type: 'DoorSaleResponse' },
  })
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
