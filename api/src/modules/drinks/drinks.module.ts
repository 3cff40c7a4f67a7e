import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KeptCardsModule } from '../kept-cards/kept-cards.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { DrinkTicketTabs } from './drink-ticket-tabs.service.js';
import { BarController } from './bar.controller.js';
import { BarService } from './bar.service.js';
import { DrinkMenuService } from './drink-menu.service.js';
import { DrinkOrderStatusService } from './drink-order-status.service.js';
import { DrinkGatewayRefunds } from './drink-gateway-refunds.service.js';
import { DrinkOrdersAdmin } from './drink-orders-admin.service.js';
import { DrinkOrderEntity } from './drink-order.entity.js';
import { DrinkTabClosingService } from './drink-tab-closing.service.js';
import { DrinkTabEntity } from './drink-tab.entity.js';
import { DrinkTabsService } from './drink-tabs.service.js';
import { DrinkEntity } from './drink.entity.js';
import { DrinksAdminController } from './drinks-admin.controller.js';
import { DrinksController } from './drinks.controller.js';
import { DrinksMenuController } from './drinks-menu.controller.js';
import { DrinksMenuEditor } from './drinks-menu-editor.service.js';
import { DrinksSweeper } from './drinks-sweeper.service.js';
import { DrinksService } from './drinks.service.js';
import { DrinkTabTips } from './drink-tab-tips.service.js';
import { DrinkReceiptEntity } from './receipts/drink-receipt.entity.js';
import { GuestDrinks } from './guest-drinks.service.js';
import { DrinkReceipts } from './receipts/drink-receipts.service.js';

/** Drinks at the party: the menu and its stock, pay-now orders, tabs, and the bar's queue. */
@Module({
  imports: [TypeOrmModule.forFeature([DrinkEntity, DrinkOrderEntity, DrinkTabEntity, DrinkReceiptEntity]), SettingsModule, KeptCardsModule],
  controllers: [DrinksController, BarController, DrinksMenuController, DrinksAdminController],
  providers: [
    DrinkMenuService,
    DrinksMenuEditor,
    DrinksService,
    DrinkTabsService,
    DrinkTabClosingService,
    BarService,
    DrinkOrderStatusService,
    DrinksSweeper,
    DrinkOrdersAdmin,
    DrinkGatewayRefunds,
    DrinkReceipts,
    DrinkTabTips,
    DrinkTicketTabs,
    GuestDrinks,
  ],
  exports: [DrinkOrdersAdmin, GuestDrinks, DrinkTicketTabs],
})
export class DrinksModule {}
