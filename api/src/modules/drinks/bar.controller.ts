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
import { ApiRoute } from '../../common/route-facts.js';

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
  @ApiRoute({ tag: 'bar', summary: "The bar's order queue", response: { type: 'BarOrder', array: true } })
  @Header('Cache-Control', 'no-store')
  queue(): Promise<BarOrder[]> {
    return this.bar.queue();
  }

  @Patch('bar/orders/:id')
  @ApiRoute({
    tag: 'bar',
    summary: 'Move an order along (ready, served)',
    body: { schema: updateBarOrderRequestSchema, name: 'UpdateBarOrderRequest' },
    response: { type: 'BarOrder' },
  })
  setStatus(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateBarOrderRequestSchema)) body: UpdateBarOrderRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<BarOrder> {
    return this.bar.setStatus(id, body.status, actor);
  }

  @Get('drink-tabs')
  @ApiRoute({ tag: 'bar', summary: 'Open drinks tabs', response: { type: 'StaffDrinkTab', array: true } })
  @Header('Cache-Control', 'no-store')
  openTabs(): Promise<StaffDrinkTab[]> {
    return this.tabs.staffTabs();
  }

  /** Close & Charge: the saved card is charged once for the tab's total with tax. */
  @Post('drink-tabs/:id/close')
  @ApiRoute({ tag: 'bar', summary: 'Close a tab and charge its card', response: { type: 'StaffDrinkTab' } })
  @HttpCode(200)
  closeTab(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDrinkTab> {
    return this.tabs.close(id, 'staff', actor);
  }

  /** The guest may run the tab up further (another TAB_LIMIT_CENTS). */
  @Post('drink-tabs/:id/approve-more')
  @ApiRoute({ tag: 'bar', summary: "Raise a tab's limit", response: { type: 'StaffDrinkTab' } })
  @HttpCode(200)
  approveMore(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDrinkTab> {
    return this.tabs.approveMore(id, actor);
  }

  /** The guest paid at the bar another way (after a declined card): closes without a charge. */
  @Post('drink-tabs/:id/settle')
  @ApiRoute({ tag: 'bar', summary: 'Close a tab paid at the bar another way', response: { type: 'StaffDrinkTab' } })
  @HttpCode(200)
  settleTab(@Param('id') id: string, @CurrentStaff() actor: StaffActor): Promise<StaffDrinkTab> {
    return this.tabs.settle(id, actor);
  }

  @Patch('drinks/:id')
  @ApiRoute({
    tag: 'bar',
    summary: "Change a drink's stock",
    body: { schema: updateDrinkStockRequestSchema, name: 'UpdateDrinkStockRequest' },
    response: { type: 'Drink' },
  })
  setStock(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateDrinkStockRequestSchema)) body: UpdateDrinkStockRequest,
    @CurrentStaff() actor: StaffActor,
  ): Promise<Drink> {
    return this.menu.setStock(id, body.available, actor);
  }
}
