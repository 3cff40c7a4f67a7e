import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeastOrderEntity } from './feast-order.entity.js';
import { OrdersController } from './orders.controller.js';
import { OrdersService } from './orders.service.js';

/** Feast pack orders (read side; ordering is closed). */
@Module({
  imports: [TypeOrmModule.forFeature([FeastOrderEntity])],
  controllers: [OrdersController],
  providers: [OrdersService],
})
export class OrdersModule {}
