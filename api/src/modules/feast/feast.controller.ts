import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  feastOrderIntentSchema,
  feastPacksUpdateSchema,
  feastRefundRequestSchema,
  pickupRequestSchema,
  pickupSearchQuerySchema,
  type FeastCatalog,
  type FeastOrderActionResult,
  type FeastOrderIntent,
  type FeastOrderIntentResponse,
  type FeastPacksSettings,
  type FeastPacksUpdate,
  type PickupOrder,
  type PickupRequest,
  type PickupResponse,
} from '@festival/contracts';
import { clientAddressOf } from '../../common/client-address.js';
import { answerHotRead } from '../../common/hot-read.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { FeastCatalogService } from './feast-catalog.service.js';
import { FeastOrderAdmin } from './feast-order-admin.service.js';
import { FeastOrdersService } from './feast-orders.service.js';
import { FeastPickupsService } from './feast-pickups.service.js';
import { ApiRoute, RateLimit } from '../../common/route-facts.js';

/** Guests: the packs and pickup times on offer, and a pre-order's hold and payment. */
@Controller()
@Public()
export class FeastController {
  constructor(
    private readonly catalog: FeastCatalogService,
    private readonly orders: FeastOrdersService,
  ) {}

  @Get('feast-packs')
  @ApiRoute({ tag: 'feast', summary: 'The feast packs and pickup times on offer', response: { type: 'FeastCatalog' } })
  packs(@Res({ passthrough: true }) res: Response): Promise<FeastCatalog> {
    return answerHotRead(this.catalog.catalogAnswer, res);
  }

  @Post('feast-order-intent')
  @ApiRoute({
    tag: 'feast',
    summary: 'Hold packs at a pickup time and start the payment',
    body: { schema: feastOrderIntentSchema, name: 'FeastOrderIntent' },
    response: { type: 'FeastOrderIntentResponse' },
  })
  @RateLimit('payment-start')
  @HttpCode(200)
  intent(
    @Body(new ZodValidationPipe(feastOrderIntentSchema)) body: FeastOrderIntent,
    @Req() req: Request,
  ): Promise<FeastOrderIntentResponse> {
    return this.orders.createIntent(body, { address: clientAddressOf(req) });
  }
}

/** Staff: the `Feast packs` section of the settings (manager). */
@Controller('admin/feast-packs')
export class FeastSettingsController {
  constructor(private readonly catalog: FeastCatalogService) {}

  @Get()
  @ApiRoute({ tag: 'feast', summary: 'The Feast packs section of the settings', response: { type: 'FeastPacksSettings' } })
  @Header('Cache-Control', 'no-store')
  view(): Promise<FeastPacksSettings> {
    return this.catalog.adminView();
  }

  @Put()
  @ApiRoute({
    tag: 'feast',
    summary: 'Save the Feast packs section: pre-orders open or closed, packs, pickup times',
    body: { schema: feastPacksUpdateSchema, name: 'FeastPacksUpdate' },
    response: { type: 'FeastCatalog' },
  })
  update(
    @Body(new ZodValidationPipe(feastPacksUpdateSchema)) body: FeastPacksUpdate,
    @CurrentStaff() actor: StaffActor,
  ): Promise<FeastCatalog> {
    return this.catalog.update(body, actor);
  }
}

/** Staff: the pickup desk (the manager, or a door device). */
@Controller('admin/pickups')
@Roles('door')
export class FeastPickupsController {
  constructor(private readonly pickups: FeastPickupsService) {}

  @Get()
  @ApiRoute({
    tag: 'feast',
    summary: 'Paid pre-orders at the pickup desk',
    query: pickupSearchQuerySchema,
    response: { type: '{ orders: PickupOrder[] }' },
  })
  @Header('Cache-Control', 'no-store')
  async list(@Query(new ZodValidationPipe(pickupSearchQuerySchema)) query: { q?: string }): Promise<{ orders: PickupOrder[] }> {
    return { orders: await this.pickups.list(query.q) };
  }

  @Post()
  @ApiRoute({
    tag: 'feast',
    summary: 'Mark a pre-order picked up, by its pickup code or id',
    body: { schema: pickupRequestSchema, name: 'PickupRequest' },
    response: { type: 'PickupResponse' },
  })
  @HttpCode(200)
  pickUp(
    @Body(new ZodValidationPipe(pickupRequestSchema)) body: PickupRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<PickupResponse> {
    return this.pickups.pickUp(body, actor);
  }
}

/** Staff: `Refund`, `Cancel order` and `Resend confirmation` on a pre-order (manager). */
@Controller('admin/feast-orders/:orderId')
export class FeastOrderAdminController {
  constructor(private readonly admin: FeastOrderAdmin) {}

  @Post('refund')
  @ApiRoute({
    tag: 'feast',
    summary: 'Refund a paid pre-order in full; its packs go back on sale (safe to repeat; a picked-up one needs confirmPickedUp)',
    body: { schema: feastRefundRequestSchema, name: 'FeastRefundRequest' },
    response: { type: 'FeastOrderActionResult' },
  })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  refund(@Param('orderId') orderId: string, @Body() body: unknown, @CurrentStaff() actor: StaffActor): Promise<FeastOrderActionResult> {
    // The body may be left out: no confirmation.
    return this.admin.refund(orderId, actor, new ZodValidationPipe(feastRefundRequestSchema).transform(body ?? {}));
  }

  @Post('cancel')
  @ApiRoute({ tag: 'feast', summary: 'Cancel an unpaid pre-order and release its hold', response: { type: 'FeastOrderActionResult' } })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  cancel(@Param('orderId') orderId: string, @CurrentStaff() actor: StaffActor): Promise<FeastOrderActionResult> {
    return this.admin.cancel(orderId, actor);
  }

  @Post('resend-confirmation')
  @ApiRoute({ tag: 'feast', summary: "Send a paid pre-order's confirmation again", response: { type: 'FeastOrderActionResult' } })
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  resend(@Param('orderId') orderId: string, @CurrentStaff() actor: StaffActor): Promise<FeastOrderActionResult> {
    return this.admin.resendConfirmation(orderId, actor);
  }
}
