import { Body, Controller, Get, Header, Param, Post, Put } from '@nestjs/common';
import { createPromoCodeSchema, updatePromoCodeSchema, type AdminPromoCode, type UpdatePromoCodeRequest } from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { PromoCodesService } from './promo-codes.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The manager's promo codes (docs/settings.md): manager only (no @Roles). */
@Controller('admin/promo-codes')
export class PromoCodesController {
  constructor(private readonly promoCodes: PromoCodesService) {}

  /** Every code with its paid orders so far (`uses`). */
  @Get()
  @ApiRoute({ tag: 'settings', summary: 'Promo codes', response: { type: 'AdminPromoCode', array: true } })
  @Header('Cache-Control', 'no-store')
  list(): Promise<AdminPromoCode[]> {
    return this.promoCodes.list();
  }

  /** A new code; 409 when the code exists already. */
  @Post()
  @ApiRoute({
    tag: 'settings',
    summary: 'Add a promo code',
    body: { schema: createPromoCodeSchema, name: 'CreatePromoCodeRequest' },
    response: { type: 'AdminPromoCode' },
  })
  @Header('Cache-Control', 'no-store')
  create(
    @Body(new ZodValidationPipe(createPromoCodeSchema)) body: UpdatePromoCodeRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<AdminPromoCode> {
    return this.promoCodes.create(body, actor);
  }

  /** The whole code, every field; answers it as saved. */
  @Put(':id')
  @ApiRoute({
    tag: 'settings',
    summary: 'Change a promo code',
    body: { schema: updatePromoCodeSchema, name: 'UpdatePromoCodeRequest' },
    response: { type: 'AdminPromoCode' },
  })
  @Header('Cache-Control', 'no-store')
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updatePromoCodeSchema)) body: UpdatePromoCodeRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<AdminPromoCode> {
    return this.promoCodes.update(id, body, actor);
  }
}
