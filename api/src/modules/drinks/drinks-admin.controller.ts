import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  dashboardFilterSchema,
  type AdminDrinkOrderRow,
  type DashboardFilter,
  type DrinkOrderDetails,
  type DrinkTabDetails,
  type ReceiptResent,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { SeasonsService } from '../seasons/seasons.service.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { DrinkOrdersAdmin } from './drink-orders-admin.service.js';
import { DrinkReceipts } from './receipts/drink-receipts.service.js';
import { ApiRoute } from '../../common/route-facts.js';

/** The manager's view of drinks money (no @Roles: the manager's alone; the bar has its own screen). */
@Controller('admin')
export class DrinksAdminController {
  constructor(
    private readonly admin: DrinkOrdersAdmin,
    private readonly seasons: SeasonsService,
    private readonly receipts: DrinkReceipts,
  ) {}

  /** The dashboard's `Drinks Orders`: orders of the event and dates paid at once or put on a tab, newest first. */
  @Get('drink-orders')
  @ApiRoute({
    tag: 'reports',
    summary: 'Drinks orders of the event and dates, paid at once or put on a tab (the dashboard filter)',
    response: { type: 'AdminDrinkOrderRow', array: true },
  })
  @Header('Cache-Control', 'no-store')
  async list(@Query(new ZodValidationPipe(dashboardFilterSchema)) filter: DashboardFilter): Promise<AdminDrinkOrderRow[]> {
    return this.admin.list(await this.seasons.reportFilter(filter));
  }

  /** A drinks order's `Order details`. */
  @Get('drink-orders/:orderId')
  @ApiRoute({
    tag: 'drinks',
    summary: "A drinks order's details: lines, price, payment, tab and timeline",
    response: { type: 'DrinkOrderDetails' },
  })
  @Header('Cache-Control', 'no-store')
  orderDetails(@Param('orderId') orderId: string): Promise<DrinkOrderDetails> {
    return this.admin.orderDetails(orderId);
  }

  /** `Refund`: a pay-now order refunded in full to its card; answers its details. Safe to click twice. */
  @Post('drink-orders/:orderId/refund')
  @ApiRoute({
    tag: 'drinks',
    summary: 'Refund a pay-now drinks order in full to its card (idempotent); answers its details',
    response: { type: 'DrinkOrderDetails' },
  })
  @HttpCode(200)
  refund(@Param('orderId') orderId: string, @CurrentStaff() actor: StaffActor): Promise<DrinkOrderDetails> {
    return this.admin.refund(orderId, actor);
  }

  /** A tab's `Order details`. */
  @Get('drink-tabs/:tabId')
  @ApiRoute({
    tag: 'drinks',
    summary: "A tab's details: its orders, total or charge, refunds, dispute and timeline",
    response: { type: 'DrinkTabDetails' },
  })
  @Header('Cache-Control', 'no-store')
  tabDetails(@Param('tabId') tabId: string): Promise<DrinkTabDetails> {
    return this.admin.tabDetails(tabId);
  }

  /** `Resend receipt` in a pay-now order's details: its itemised receipt e-mailed again, through the outbox. */
  @Post('drink-orders/:orderId/resend-receipt')
  @ApiRoute({ tag: 'drinks', summary: "E-mail a paid drinks order's itemised receipt again", response: { type: 'ReceiptResent' } })
  @HttpCode(202)
  resendOrderReceipt(@Param('orderId') orderId: string): Promise<ReceiptResent> {
    return this.receipts.resendForOrder(orderId);
  }

  /** `Resend receipt` in a charged tab's details. */
  @Post('drink-tabs/:tabId/resend-receipt')
  @ApiRoute({ tag: 'drinks', summary: "E-mail a charged tab's itemised receipt again", response: { type: 'ReceiptResent' } })
  @HttpCode(202)
  resendTabReceipt(@Param('tabId') tabId: string): Promise<ReceiptResent> {
    return this.receipts.resendForTab(tabId);
  }
}
