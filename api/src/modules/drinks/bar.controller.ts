import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  updateBarOrderRequestSchema,
  updateDrinkStockRequestSchema,
  type BarOrder,
  type Drink,
  type StaffDrinkTab,
  type UpdateBarOrderRequest,
  type UpdateDrinkStockRequest,
} from '@festival/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Roles } from '../staff/roles.decorator.js';
import { CurrentStaff, type StaffActor } from '../staff/staff-actor.js';
import { BarService } from './bar.service.js';
import { DrinkMenuService } from './drink-menu.service.js';
import { DrinkTabClosingService } from './drink-tab-closing.service.js';

/** The bar's side (the manager, or a bar device): the order queue, open tabs, and stock. */
@Controller('admin')
@Roles('bar')
export class BarController {
  constructor(
    private readonly bar: BarService,
    private readonly tabs: DrinkTabClosingService,
    private readonly menu: DrinkMenuService,
  ) {}

  @Get('bar/orders')
  @Header('Cache-Control', 'no-store')
  queue(): Promise<BarOrder[]> {
    return this.bar.queue();
  }

  @Patch('bar/orders/:id')
  setStatus(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateBarOrderRequestSchema)) body: UpdateBarOrderRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<BarOrder> {
    return this.bar.setStatus(id, body.status, actor);
  }

  @Get('drink-tabs')
  @Header('Cache-Control', 'no-store')
  openTabs(): Promise<StaffDrinkTab[]> {
    return this.tabs.staffTabs();
  }

  /** Close & Charge: the saved card is charged once for the tab's total with tax. */
  @Post('drink-tabs/:id/close')
  @HttpCode(200)
  closeTab(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDrinkTab> {
    return this.tabs.close(id, 'staff', actor);
  }

  /** The guest may run the tab up further (another TAB_LIMIT_CENTS). */
  @Post('drink-tabs/:id/approve-more')
  @HttpCode(200)
  approveMore(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDrinkTab> {
    return this.tabs.approveMore(id, actor);
  }

  /** The guest paid at the bar another way (after a declined card): closes without a charge. */
  @Post('drink-tabs/:id/settle')
  @HttpCode(200)
  settleTab(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDrinkTab> {
    return this.tabs.settle(id, actor);
  }

  @Patch('drinks/:id')
  setStock(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateDrinkStockRequestSchema)) body: UpdateDrinkStockRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<Drink> {
    return this.menu.setStock(id, body.available, actor);
  }
}
