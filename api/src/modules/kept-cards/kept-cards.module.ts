import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KeptCardEntity } from './kept-card.entity.js';
import { KeptCardsService } from './kept-cards.service.js';

/**
 * The card a party buyer keeps for drinks at the party. Below tickets (which keep and record it),
 * drinks (which open a tab on it) and the season start (which forgets the season's cards).
 */
@Module({
  imports: [TypeOrmModule.forFeature([KeptCardEntity])],
  providers: [KeptCardsService],
  exports: [KeptCardsService],
})
export class KeptCardsModule {}
