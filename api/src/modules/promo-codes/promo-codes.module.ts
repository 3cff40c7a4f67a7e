import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteModule } from '../site/site.module.js';
import { PromoCodeEntity } from './promo-code.entity.js';
import { PromoCodesController } from './promo-codes.controller.js';
import { PromoCodesService } from './promo-codes.service.js';

/** Promo codes with their own percent, limit, end and switch (docs/settings.md). */
@Module({
  imports: [TypeOrmModule.forFeature([PromoCodeEntity]), SiteModule],
  controllers: [PromoCodesController],
  providers: [PromoCodesService],
  exports: [PromoCodesService],
})
export class PromoCodesModule {}
